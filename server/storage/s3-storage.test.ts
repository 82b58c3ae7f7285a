// What only the S3 storage does; the behaviour it shares with the local disk is in local-storage.test.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config';
import { startTestS3, type TestS3 } from '../test/s3-server';
import { openStorage } from './open-storage';
import { createS3Storage } from './s3-storage';

let testS3: TestS3;
beforeAll(async () => {
  testS3 = await startTestS3();
});
afterAll(async () => {
  await testS3?.close();
});

async function keysInBucket(): Promise<string[]> {
  const out = await testS3.client.send(new ListObjectsV2Command({ Bucket: testS3.s3.bucket }));
  return (out.Contents ?? []).map((o) => o.Key ?? '');
}

describe('S3 storage', () => {
  it('writes under the prefix inside the bucket, and reads only there', async () => {
    const prefixed = createS3Storage({ ...testS3.s3, prefix: 'shop/finder/' });
    await prefixed.put('items/1_p.png', Buffer.from('under the prefix'), 'image/png');

    const raw = await testS3.client.send(new GetObjectCommand({ Bucket: testS3.s3.bucket, Key: 'shop/finder/items/1_p.png' }));
    expect(await raw.Body?.transformToString()).toBe('under the prefix');
    expect(await keysInBucket()).toContain('shop/finder/items/1_p.png');
    expect(await keysInBucket()).not.toContain('items/1_p.png');

    const unprefixed = createS3Storage(testS3.s3);
    expect(await unprefixed.exists('items/1_p.png')).toBe(false);
    expect(await prefixed.exists('items/1_p.png')).toBe(true);

    await prefixed.delete('items/1_p.png');
    expect(await keysInBucket()).not.toContain('shop/finder/items/1_p.png');
  });

  it('adds the slash a prefix lacks, and refuses a prefix that could escape', async () => {
    const storage = createS3Storage({ ...testS3.s3, prefix: 'bare' });
    await storage.put('items/2_q.png', Buffer.from('x'), 'image/png');
    expect(await keysInBucket()).toContain('bare/items/2_q.png');
    for (const bad of ['../x/', '/abs/', 'a//', '.']) {
      expect(() => createS3Storage({ ...testS3.s3, prefix: bad }), bad).toThrow(/Unsafe S3 key prefix/);
    }
  });

  it('serves the type the key implies, whatever type the object was stored with', async () => {
    const storage = createS3Storage(testS3.s3);
    // An object another tool put with a type a browser would run: it must not come back as HTML from our origin.
    await testS3.client.send(
      new PutObjectCommand({ Bucket: testS3.s3.bucket, Key: 'items/3_r.webp', Body: Buffer.from('<script>'), ContentType: 'text/html' }),
    );
    const typed = await storage.get('items/3_r.webp');
    typed?.body.destroy();
    expect(typed?.contentType).toBe('image/webp');
    await storage.put('files/3_r.bin', Buffer.from('x'), 'text/html');
    const unknown = await storage.get('files/3_r.bin');
    unknown?.body.destroy();
    expect(unknown?.contentType).toBe('application/octet-stream');
  });

  it('passes the check for an existing bucket', async () => {
    await expect(createS3Storage(testS3.s3).check()).resolves.toBeUndefined();
  });

  it('fails the check with one sentence for a missing bucket', async () => {
    const storage = createS3Storage({ ...testS3.s3, bucket: 'no-such-bucket' });
    await expect(storage.check()).rejects.toThrow(
      `S3 bucket "no-such-bucket" does not exist at ${testS3.s3.endpoint}: create it, or correct S3_BUCKET.`,
    );
  });

  it('fails the check with one sentence for refused credentials', async () => {
    const storage = createS3Storage({ ...testS3.s3, accessKeyId: 'WRONG' });
    await expect(storage.check()).rejects.toThrow(
      /^S3 at http:\/\/127\.0\.0\.1:\d+ refused the credentials for bucket "finder-test-\w+" \(HTTP 403\): check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
  });

  it('fails the check with one sentence for an endpoint that does not answer', async () => {
    // Port 1 is privileged and unused here, so the connection is refused at once.
    const storage = createS3Storage({ ...testS3.s3, endpoint: 'http://127.0.0.1:1' });
    await expect(storage.check()).rejects.toThrow(
      'Cannot reach S3 at http://127.0.0.1:1 (ECONNREFUSED): check S3_ENDPOINT and the network.',
    );
  });

  it('reports a missing bucket on read instead of answering "not found"', async () => {
    const storage = createS3Storage({ ...testS3.s3, bucket: 'no-such-bucket' });
    await expect(storage.get('items/1_a.png')).rejects.toThrow(/bucket/i);
  });
});

describe('openStorage', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finder-open-storage-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps uploads on the local disk when no bucket is set', async () => {
    const storage = await openStorage({ dataDir, s3: undefined });
    await storage.put('items/1_l.png', Buffer.from('x'), 'image/png');
    expect(fs.existsSync(path.join(dataDir, 'uploads', 'items', '1_l.png'))).toBe(true);
  });

  it('opens the bucket when one is set', async () => {
    const storage = await openStorage({ dataDir, s3: { ...testS3.s3, prefix: 'opened/' } });
    await storage.put('items/1_o.png', Buffer.from('x'), 'image/png');
    expect(await keysInBucket()).toContain('opened/items/1_o.png');
  });

  it('stops with a configuration error when the bucket check fails', async () => {
    const opening = openStorage({ dataDir, s3: { ...testS3.s3, bucket: 'no-such-bucket' } });
    await expect(opening).rejects.toBeInstanceOf(ConfigError);
    await expect(opening).rejects.toThrow('S3 bucket "no-such-bucket" does not exist');
  });
});
