import { mimeOfKey } from './serve-file.js';
import { checkStorageKey, MissingObject, newStorageKey, type Storage } from './storage.js';

export interface S3Options {
  bucket: string;
  /** An S3-compatible service (MinIO, R2, …); unset = AWS. */
  endpoint?: string;
  region: string;
  /** Both or neither: without them the SDK's default chain (AWS_* variables, profile, role) applies. */
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** Media as objects of one bucket, shared by every process. Objects stay private: the app serves them. */
export async function s3Storage(opts: S3Options): Promise<Storage> {
  // Loaded only when chosen: the AWS SDK is large, and a local install never needs it.
  const { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    // Other S3-compatible services rarely route bucket sub-domains: name the bucket in the path.
    forcePathStyle: opts.endpoint !== undefined,
    credentials:
      opts.accessKeyId && opts.secretAccessKey
        ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
        : undefined,
    // The SDK's default extra checksums (CRC32 trailers) are refused by several S3-compatible
    // services; send them only where the API requires them. SigV4 still covers the payload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A stalled store must not hold a request forever (files are at most 16 MB).
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000, throwOnRequestTimeout: true },
  });
  const Bucket = opts.bucket;
  return {
    async put(companyId, data, ext) {
      const key = newStorageKey(companyId, ext);
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: data, ContentLength: data.length, ContentType: mimeOfKey(key) }),
      );
      return key;
    },
    async get(key) {
      const out = await client.send(new GetObjectCommand({ Bucket, Key: checkStorageKey(key) })).catch((err) => {
        throw isMissing(err) ? new MissingObject(key) : err;
      });
      if (!out.Body) throw new Error(`storage object ${key} has no body`);
      return Buffer.from(await out.Body.transformToByteArray());
    },
    async remove(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: checkStorageKey(key) }));
      } catch (err) {
        // S3 answers 204 for a missing key; some compatible services answer 404 NoSuchKey.
        if (!isMissing(err)) throw err;
      }
    },
  };
}

function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || (e?.$metadata?.httpStatusCode === 404 && e.name !== 'NoSuchBucket');
}
