import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteObjectsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { freePort } from './test-app';

/**
 * A real S3-compatible server for the tests: s3rver (npm, a devDependency; ADR 0027), an S3 implementation that
 * keeps buckets and objects in its own temporary folder and speaks the S3 REST API over HTTP on a free loopback
 * port. It checks that the access key exists but not the SigV4 signature itself, and answers unsigned GETs (a
 * public bucket), so `{cdn_url}` can point straight at the bucket as a CDN in front of it would.
 *
 * `stop()` and `start()` take it away and bring it back on the same port with the same objects, for the failure
 * tests; `close()` stops it and removes its folder.
 */
export class S3TestServer {
  static readonly ACCESS_KEY_ID = 'S3RVER';
  static readonly SECRET_ACCESS_KEY = 'S3RVER';
  static readonly REGION = 'us-east-1';

  private server?: S3rver;
  private readonly client: S3Client;

  private constructor(
    readonly port: number,
    readonly bucket: string,
    readonly dir: string,
  ) {
    this.client = new S3Client({
      endpoint: this.endpoint,
      region: S3TestServer.REGION,
      forcePathStyle: true,
      credentials: { accessKeyId: S3TestServer.ACCESS_KEY_ID, secretAccessKey: S3TestServer.SECRET_ACCESS_KEY },
    });
  }

  /** Starts a server with one empty bucket, `bucket`. */
  static async start(bucket = 'mapr-e2e'): Promise<S3TestServer> {
    const server = new S3TestServer(await freePort(), bucket, mkdtempSync(join(tmpdir(), 'mapr-s3rver-')));
    await server.start();
    return server;
  }

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The bucket's own URL (path style): what `CDN_URL` is when the files are fetched from the bucket directly. */
  get bucketUrl(): string {
    return `${this.endpoint}/${this.bucket}`;
  }

  /** The app's environment for STORAGE_DRIVER=s3 against this server, the bucket serving {cdn_url}. */
  env(): Record<string, string> {
    return {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: this.bucket,
      S3_REGION: S3TestServer.REGION,
      S3_ENDPOINT: this.endpoint,
      S3_ACCESS_KEY_ID: S3TestServer.ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: S3TestServer.SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
      CDN_URL: this.bucketUrl,
    };
  }

  /** Listens (again) on this server's port, with the objects it held when stopped. */
  async start(): Promise<void> {
    if (this.server) return;
    const server = new S3rver({
      address: '127.0.0.1',
      port: this.port,
      directory: this.dir,
      silent: true,
      configureBuckets: [{ name: this.bucket }],
    });
    await server.run();
    this.server = server;
  }

  /** Stops answering: the port refuses connections until `start()`. Open keep-alive sockets are cut too. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    const closed = server.close();
    server.httpServer?.closeAllConnections();
    await closed;
  }

  /** Every key in the bucket, sorted (read through the S3 API). */
  async keys(prefix = ''): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  /** Empties the bucket (DeleteObjects), so a test starts from nothing. */
  async empty(): Promise<void> {
    const keys = await this.keys();
    if (keys.length) {
      await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys.map((Key) => ({ Key })) } }));
    }
  }

  /** Stops the server and removes its folder. */
  async close(): Promise<void> {
    await this.stop();
    this.client.destroy();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
