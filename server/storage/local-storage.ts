import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { contentTypeForKey, failureReason, isSafeKey, StorageError, type Storage } from './storage';

export function createLocalStorage(root: string): Storage {
  const resolve = (key: string): string => {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
    return full;
  };
  return {
    async put(key, body) {
      const full = resolve(key);
      // Write then rename, so a reader never sees half a file.
      const tmp = `${full}.${process.pid}.${Date.now()}.tmp`;
      try {
        await fsp.mkdir(path.dirname(full), { recursive: true });
        await fsp.writeFile(tmp, body);
        await fsp.rename(tmp, full);
      } catch (err) {
        // Half a file on a full disk takes what little room is left.
        await fsp.rm(tmp, { force: true }).catch(() => undefined);
        throw new StorageError('write', key, failureReason(err), { cause: err });
      }
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      const full = resolve(key);
      try {
        const stat = await fsp.stat(full);
        if (!stat.isFile()) return null;
        return { body: fs.createReadStream(full), size: stat.size, contentType: contentTypeForKey(key) };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      const full = resolve(key);
      try {
        // unlink, not rm: a key is a file, and rm's fallbacks report EPERM on a locked folder as ENOTDIR.
        await fsp.unlink(full);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw new StorageError('delete', key, failureReason(err), { cause: err });
      }
    },
    async exists(key) {
      if (!isSafeKey(key)) return false;
      try {
        return (await fsp.stat(resolve(key))).isFile();
      } catch {
        return false;
      }
    },
  };
}
