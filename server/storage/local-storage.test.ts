import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage';
import { isSafeKey } from './storage';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'finder-storage-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('local storage', () => {
  const storage = createLocalStorage(root);

  it('stores, reads and deletes by key', async () => {
    await storage.put('items/1_a.png', Buffer.from('abc'), 'image/png');
    expect(await storage.exists('items/1_a.png')).toBe(true);
    const file = await storage.get('items/1_a.png');
    expect(file?.size).toBe(3);
    expect(file?.contentType).toBe('image/png');
    file?.body.destroy();
    await storage.delete('items/1_a.png');
    expect(await storage.get('items/1_a.png')).toBeNull();
  });

  it.each(['../x', 'items/../../x', '/etc/passwd', 'items//x', '.hidden', 'items/./x', 'a\\b', ''])('refuses the key %j', async (key) => {
    expect(isSafeKey(key)).toBe(false);
    await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe storage key/);
    expect(await storage.get(key)).toBeNull();
  });
});
