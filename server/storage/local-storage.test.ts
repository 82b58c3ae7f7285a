// The contract every Storage keeps, run on each implementation so they cannot drift apart. What only one of
// them does (the S3 prefix, the bucket check) is tested in its own file.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../test/s3-server';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import { isSafeKey, StorageError, type Storage } from './storage';

const UNSAFE_KEYS = ['../x', 'items/../../x', '/etc/passwd', 'items//x', '.hidden', 'items/./x', 'a\\b', '', 'x'.repeat(301)];

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function storageContract(name: string, make: () => Storage | Promise<Storage>): void {
  describe(name, () => {
    let storage: Storage;
    beforeAll(async () => {
      storage = await make();
    });

    it('stores, reads and deletes by key', async () => {
      await storage.put('items/1_a.png', Buffer.from('abc'), 'image/png');
      expect(await storage.exists('items/1_a.png')).toBe(true);
      const file = await storage.get('items/1_a.png');
      expect(file?.size).toBe(3);
      expect(file?.contentType).toBe('image/png');
      expect(file && (await readAll(file.body)).toString()).toBe('abc');
      await storage.delete('items/1_a.png');
      expect(await storage.exists('items/1_a.png')).toBe(false);
      expect(await storage.get('items/1_a.png')).toBeNull();
    });

    it('keeps the content type of each kind of image', async () => {
      for (const [key, type] of [
        ['items/2_b.jpg', 'image/jpeg'],
        ['thumbs/2_b.w320.webp', 'image/webp'],
        ['items/2_b.avif', 'image/avif'],
      ] as const) {
        await storage.put(key, Buffer.from('x'), type);
        const file = await storage.get(key);
        file?.body.destroy();
        expect(file?.contentType, key).toBe(type);
      }
    });

    it('keeps binary bytes intact', async () => {
      const bytes = randomBytes(1024 * 1024);
      await storage.put('items/3_big.png', bytes, 'image/png');
      const file = await storage.get('items/3_big.png');
      expect(file?.size).toBe(bytes.length);
      const read = file ? await readAll(file.body) : Buffer.alloc(0);
      expect(read.equals(bytes)).toBe(true);
    });

    it('replaces what a key held when it is written again', async () => {
      await storage.put('items/4_c.png', Buffer.from('first version'), 'image/png');
      await storage.put('items/4_c.png', Buffer.from('second'), 'image/png');
      const file = await storage.get('items/4_c.png');
      expect(file?.size).toBe(6);
      expect(file && (await readAll(file.body)).toString()).toBe('second');
    });

    it('answers null and false for a key never stored, and deletes it without complaint', async () => {
      expect(await storage.get('items/never.png')).toBeNull();
      expect(await storage.exists('items/never.png')).toBe(false);
      await expect(storage.delete('items/never.png')).resolves.toBeUndefined();
    });

    it.each(UNSAFE_KEYS)('refuses the key %j', async (key) => {
      expect(isSafeKey(key)).toBe(false);
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/Unsafe storage key/);
      expect(await storage.get(key)).toBeNull();
      expect(await storage.exists(key)).toBe(false);
    });
  });
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'finder-storage-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

let testS3: TestS3;
beforeAll(async () => {
  testS3 = await startTestS3();
});
afterAll(async () => {
  await testS3?.close();
});

storageContract('local storage', () => createLocalStorage(root));
storageContract('S3 storage', () => createS3Storage(testS3.s3));
storageContract('S3 storage under a prefix', () => createS3Storage({ ...testS3.s3, prefix: 'finder/' }));

// Issue 25: a storage that cannot write or remove says so with a StorageError and its reason (the upload answers
// 507, a removal is tried again later). Made to fail here without chmod, which does not stop root: a folder the key
// needs is a file, and a key whose "file" is a folder.
describe('a local storage that cannot write or remove', () => {
  const failing = fs.mkdtempSync(path.join(os.tmpdir(), 'finder-storage-failing-'));
  afterAll(() => fs.rmSync(failing, { recursive: true, force: true }));

  it('throws a StorageError with the reason when the folder cannot be made, and leaves no temporary file', async () => {
    fs.writeFileSync(path.join(failing, 'thumbs'), 'not a folder');
    const storage = createLocalStorage(failing);
    const err = await storage.put('thumbs/320/1_a.webp', Buffer.from('x'), 'image/webp').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageError);
    expect(err).toMatchObject({ operation: 'write', key: 'thumbs/320/1_a.webp', reason: expect.stringMatching(/^E[A-Z]+$/) });
    expect(fs.readdirSync(failing)).toEqual(['thumbs']);
  });

  it('throws a StorageError when a file cannot be removed', async () => {
    fs.mkdirSync(path.join(failing, 'items', '2_b.png'), { recursive: true });
    fs.writeFileSync(path.join(failing, 'items', '2_b.png', 'inside'), 'x');
    const err = await createLocalStorage(failing)
      .delete('items/2_b.png')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageError);
    expect(err).toMatchObject({ operation: 'delete', key: 'items/2_b.png' });
  });

  it('an S3 endpoint that does not answer is a StorageError too', async () => {
    const storage = createS3Storage({ ...testS3.s3, endpoint: 'http://127.0.0.1:1' });
    await expect(storage.put('items/3_c.png', Buffer.from('x'), 'image/png')).rejects.toMatchObject({
      name: 'StorageError',
      operation: 'write',
      reason: 'ECONNREFUSED',
    });
    await expect(storage.delete('items/3_c.png')).rejects.toMatchObject({
      name: 'StorageError',
      operation: 'delete',
      reason: 'ECONNREFUSED',
    });
  });
});
