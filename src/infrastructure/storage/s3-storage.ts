import { createReadStream, createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stat } from 'node:fs/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { AppConfig } from '../../config';
import { assertSafeKey, IMMUTABLE_CACHE_CONTROL, StoragePort } from './storage.port';

export type S3StorageConfig = Extract<AppConfig['storage'], { driver: 's3' }>;

/** Builds the SDK client for AWS S3 or an S3-compatible endpoint (MinIO, R2, …). */
export function createS3Client(config: S3StorageConfig): S3Client {
  const options: S3ClientConfig = {
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: many S3-compatible stores reject the SDK's
    // default aws-chunked trailing checksums on streamed uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (config.endpoint) options.endpoint = config.endpoint;
  // Without explicit keys the SDK's default chain applies (environment, instance role, …).
  if (config.accessKeyId && config.secretAccessKey) {
    options.credentials = { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey };
  }
  return new S3Client(options);
}

function isMissingKey(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/** Tries of one upload (the SDK's own default for a request it can repeat). */
export const UPLOAD_ATTEMPTS = 3;

/** The pause before try n + 1: 100 ms, then 400 ms, each ±50 % so that workers told to slow down spread out. */
function uploadRetryPauseMs(attempt: number): number {
  return 100 * 4 ** (attempt - 1) * (0.5 + Math.random());
}

/** A failure another try may cure: the store busy or broken for a moment (5xx, 429), or the connection lost on the way. */
function isWorthRetrying(err: unknown): boolean {
  const e = err as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } };
  const status = e?.$metadata?.httpStatusCode;
  if (status !== undefined) return status >= 500 || status === 429 || e.name === 'RequestTimeout';
  return ['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'TimeoutError'].includes(e?.code ?? e?.name ?? '');
}

/** Files in an S3 bucket; uploads stream from disk with their Content-Type and a long-lived Cache-Control. */
export class S3Storage implements StoragePort {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  static fromConfig(config: S3StorageConfig): S3Storage {
    return new S3Storage(createS3Client(config), config.bucket);
  }

  /**
   * Streams the file to the bucket. The SDK retries a request only when it can send its body again, which a stream it
   * has read cannot be: so a failure worth another try (a 5xx such as 503 Slow Down, a 429, a dropped connection) is
   * tried again here, with a fresh stream from the file's start, up to UPLOAD_ATTEMPTS times with a growing pause.
   */
  async putFile(key: string, localPath: string, contentType: string, cacheControl = IMMUTABLE_CACHE_CONTROL): Promise<void> {
    assertSafeKey(key);
    const { size } = await stat(localPath);
    for (let attempt = 1; ; attempt++) {
      const body = createReadStream(localPath);
      try {
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key: key,
            Body: body,
            ContentLength: size,
            ContentType: contentType,
            CacheControl: cacheControl,
          }),
        );
        return;
      } catch (err) {
        if (attempt < UPLOAD_ATTEMPTS && isWorthRetrying(err)) {
          await new Promise((resolve) => setTimeout(resolve, uploadRetryPauseMs(attempt)));
          continue;
        }
        throw new Error(`Upload of ${key} to bucket ${this.bucket} failed: ${(err as Error)?.message ?? String(err)}`, { cause: err });
      } finally {
        body.destroy();
      }
    }
  }

  async getFile(key: string, localPath: string): Promise<void> {
    assertSafeKey(key);
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(object.Body instanceof Readable)) throw new Error('the response has no body stream');
      await pipeline(object.Body, createWriteStream(localPath));
    } catch (err) {
      throw new Error(`Download of ${key} from bucket ${this.bucket} failed: ${(err as Error)?.message ?? String(err)}`, { cause: err });
    }
  }

  async exists(key: string): Promise<boolean> {
    assertSafeKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (err) {
      if (isMissingKey(err)) return false;
      throw new Error(`Looking up ${key} in bucket ${this.bucket} failed: ${(err as Error)?.message ?? String(err)}`, { cause: err });
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      if (isMissingKey(err)) return;
      throw new Error(`Deleting ${key} from bucket ${this.bucket} failed: ${(err as Error)?.message ?? String(err)}`, { cause: err });
    }
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    try {
      do {
        const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    } catch (err) {
      throw new Error(`Listing ${prefix} in bucket ${this.bucket} failed: ${(err as Error)?.message ?? String(err)}`, { cause: err });
    }
    return keys;
  }

  /** Closes the client's sockets (called by Nest on shutdown). */
  onApplicationShutdown(): void {
    this.client.destroy();
  }
}
