import path from 'node:path';
import { ConfigError, type Config } from '../config';
import { createLocalStorage } from './local-storage';
import type { Storage } from './storage';

/**
 * The storage the configuration names: S3 when a bucket is set, else the local disk. S3 is checked before
 * use, so a wrong bucket or key stops the start instead of failing the first upload.
 */
export async function openStorage(config: Pick<Config, 'dataDir' | 's3'>): Promise<Storage> {
  if (!config.s3) return createLocalStorage(path.join(config.dataDir, 'uploads'));
  // Loaded only when needed: the SDK is large, and most installs keep uploads on disk.
  const { createS3Storage } = await import('./s3-storage');
  const storage = createS3Storage(config.s3);
  try {
    await storage.check();
  } catch (err) {
    // A ConfigError is printed as its one sentence, without a stack trace: the fix is in the settings.
    throw new ConfigError((err as Error).message, { cause: err });
  }
  return storage;
}
