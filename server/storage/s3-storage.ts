import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { contentTypeForKey, failureReason, isSafeKey, StorageError, type Storage } from './storage';

export type S3StorageOptions = {
  bucket: string;
  /** For MinIO, R2, s3rver and the like; undefined means AWS itself. */
  endpoint?: string | undefined;
  region: string;
  /** Both undefined means the AWS SDK's default credential chain. */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle?: boolean | undefined;
  /** Prepended to every key inside the bucket, so the bucket can hold other things too. */
  prefix?: string | undefined;
};

export type S3Storage = Storage & {
  /** Throws one sentence naming the problem (bucket missing, credentials refused, endpoint unreachable). */
  check(): Promise<void>;
};

// A black-holed endpoint would otherwise hang the start (and every request) with no word of why.
const CONNECTION_TIMEOUT_MS = 5_000;

const NETWORK_ERROR_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH']);

type SdkError = { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number } };

const statusOf = (err: unknown): number | undefined => (err as SdkError).$metadata?.httpStatusCode;
const nameOf = (err: unknown): string | undefined => (err as SdkError).name;

/** A missing object, told apart from a missing bucket, which is a fault to report rather than an empty answer. */
function isMissingObject(err: unknown): boolean {
  const name = nameOf(err);
  if (name === 'NoSuchBucket') return false;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(err) === 404;
}

function normalisePrefix(prefix: string | undefined): string {
  if (!prefix) return '';
  const bare = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  if (!isSafeKey(bare)) throw new Error(`Unsafe S3 key prefix: ${JSON.stringify(prefix)}`);
  return `${bare}/`;
}

function unsafeKey(key: string): Error {
  return new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
}

export function createS3Storage(options: S3StorageOptions): S3Storage {
  const { bucket, region, endpoint } = options;
  const prefix = normalisePrefix(options.prefix);
  const client = new S3Client({
    region,
    endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // The SDK's default CRC checksums are refused by many S3-compatible servers (older MinIO, R2, s3rver).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS },
  });
  const where = endpoint ?? `AWS region ${region}`;

  const objectKey = (key: string): string => {
    if (!isSafeKey(key)) throw unsafeKey(key);
    return prefix + key;
  };

  return {
    async put(key, body, contentType) {
      const object = objectKey(key);
      try {
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: object, Body: body, ContentType: contentType }));
      } catch (err) {
        throw new StorageError('write', key, failureReason(err), { cause: err });
      }
    },

    async get(key) {
      if (!isSafeKey(key)) return null;
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        // Node's HTTP handler always gives a stream; anything else would mean a browser handler crept in.
        if (!(out.Body instanceof Readable)) throw new Error(`S3 returned no readable stream for ${JSON.stringify(key)}`);
        // The key's extension decides, as on local disk: whatever else sits in the bucket is never served as,
        // say, text/html from our origin.
        return { body: out.Body, size: out.ContentLength ?? 0, contentType: contentTypeForKey(key) };
      } catch (err) {
        if (isMissingObject(err)) return null;
        throw err;
      }
    },

    async delete(key) {
      const object = objectKey(key);
      try {
        // S3 answers a delete of a missing key with success, which is what the interface promises.
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: object }));
      } catch (err) {
        throw new StorageError('delete', key, failureReason(err), { cause: err });
      }
    },

    async exists(key) {
      if (!isSafeKey(key)) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return true;
      } catch (err) {
        if (isMissingObject(err)) return false;
        throw err;
      }
    },

    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (err) {
        throw new Error(describeCheckFailure(err, { bucket, region, where, endpoint }), { cause: err });
      }
    },
  };
}

function describeCheckFailure(
  err: unknown,
  { bucket, region, where, endpoint }: { bucket: string; region: string; where: string; endpoint: string | undefined },
): string {
  const name = nameOf(err);
  const status = statusOf(err);
  const code = (err as SdkError).code;
  if (name === 'CredentialsProviderError') {
    return `No S3 credentials found for bucket "${bucket}": set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or give the AWS SDK its usual credentials.`;
  }
  if (status === 404 || name === 'NotFound' || name === 'NoSuchBucket') {
    return `S3 bucket "${bucket}" does not exist at ${where}: create it, or correct S3_BUCKET.`;
  }
  // AWS answers a HEAD for a bucket in another region with a redirect or a malformed-authorization error.
  if (status === 301 || name === 'PermanentRedirect' || name === 'AuthorizationHeaderMalformed') {
    return `S3 bucket "${bucket}" is not in region ${region}: correct S3_REGION.`;
  }
  if (status === 401 || status === 403) {
    return `S3 at ${where} refused the credentials for bucket "${bucket}" (HTTP ${status}): check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, and that they may use the bucket.`;
  }
  if ((code && NETWORK_ERROR_CODES.has(code)) || name === 'TimeoutError') {
    return `Cannot reach S3 at ${where} (${code ?? name}): check ${endpoint ? 'S3_ENDPOINT' : 'S3_REGION'} and the network.`;
  }
  if (status !== undefined) return `S3 at ${where} answered HTTP ${status} (${name ?? 'unknown error'}) when checking bucket "${bucket}".`;
  return `Could not check S3 bucket "${bucket}" at ${where}: ${(err as SdkError).message ?? String(err)}`;
}
