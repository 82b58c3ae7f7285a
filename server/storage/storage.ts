import type { Readable } from 'node:stream';

/** Where uploaded originals and their thumbnails live: local disk now, object storage later. */
export type Storage = {
  /** Throws StorageError when the storage cannot take the file (full, read-only, no permission, unreachable). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** null when nothing is stored under the key. */
  get(key: string): Promise<{ body: Readable; size: number; contentType: string } | null>;
  /** A key with nothing under it is fine; throws StorageError when the file is there but cannot be removed. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
};

/**
 * A write or removal the storage could not do: a disk that is full or read-only, a folder without permission, an S3
 * endpoint that refuses or does not answer. Not the caller's fault: an upload answers 507 (error-handler.ts) and a
 * removal is tried again later (images/file-removals.ts). `reason` is the errno code or S3's error name.
 */
export class StorageError extends Error {
  override name = 'StorageError';
  constructor(
    readonly operation: 'write' | 'delete',
    readonly key: string,
    readonly reason: string,
    options: { cause: unknown },
  ) {
    super(`storage could not ${operation === 'write' ? 'write' : 'remove'} ${key}: ${reason}`, options);
  }
}

/** The short reason of a storage failure: an errno code (EACCES, ENOSPC, EROFS...) or an SDK error's name. */
export function failureReason(err: unknown): string {
  const e = err as { code?: unknown; name?: unknown; message?: unknown };
  if (typeof e.code === 'string' && e.code) return e.code;
  if (typeof e.name === 'string' && e.name && e.name !== 'Error') return e.name;
  return typeof e.message === 'string' ? e.message.slice(0, 200) : String(err).slice(0, 200);
}

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Keys are ours, never a client's path: letters, digits, dot, dash, underscore, slash-separated, no '..'. */
export function isSafeKey(key: string): boolean {
  return key.length <= 300 && KEY_PATTERN.test(key) && !key.split('/').some((part) => part === '..' || part === '.');
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};

export function contentTypeForKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}
