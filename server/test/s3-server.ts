// A local S3 for tests (there is no internet here). Each call starts its own s3rver on a free port in its own
// directory, so test files running in parallel never share a server, a port or a bucket.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config';

/** The part of s3rver used here; the package ships no types. */
type S3rverInstance = {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer?: http.Server;
};
type S3rverConstructor = new (options: { address: string; port: number; silent: boolean; directory: string }) => S3rverInstance;

// s3rver's fixed account; it refuses other access keys.
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export type TestS3 = {
  s3: NonNullable<Config['s3']>;
  /** A client for looking into the bucket behind the storage's back. */
  client: S3Client;
  close(): Promise<void>;
};

export async function startTestS3(): Promise<TestS3> {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'finder-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  let address: AddressInfo;
  try {
    address = await server.run();
  } catch (err) {
    fs.rmSync(directory, { recursive: true, force: true });
    throw err;
  }
  const s3: NonNullable<Config['s3']> = {
    bucket: `finder-test-${randomUUID().slice(0, 8)}`,
    endpoint: `http://127.0.0.1:${address.port}`,
    region: 'us-east-1',
    ...S3RVER_CREDENTIALS,
    forcePathStyle: true,
    prefix: undefined,
  };
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const close = async () => {
    client.destroy();
    // Kept-alive sockets from the code under test would otherwise hold close() open.
    server.httpServer?.closeAllConnections();
    await server.close();
    fs.rmSync(directory, { recursive: true, force: true });
  };
  try {
    await client.send(new CreateBucketCommand({ Bucket: s3.bucket }));
  } catch (err) {
    await close();
    throw err;
  }
  return { s3, client, close };
}
