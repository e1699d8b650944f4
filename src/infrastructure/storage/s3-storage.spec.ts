import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Storage, UPLOAD_ATTEMPTS } from './s3-storage';

interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** A local HTTP server standing in for an S3 endpoint: records every request, answers with `reply`. */
function startRecorder(reply: (req: Recorded) => { status: number; body?: string }) {
  const requests: Recorded[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded = { method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) };
      requests.push(recorded);
      const { status, body } = reply(recorded);
      res.writeHead(status, body ? { 'Content-Type': 'application/xml' } : {});
      res.end(body ?? '');
    });
  });
  return new Promise<{ server: Server; requests: Recorded[]; endpoint: string }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, requests, endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

const s3Error = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message><RequestId>r1</RequestId></Error>`;

describe('S3Storage against a recording S3 endpoint', () => {
  let scratch: string;
  let recorder: Awaited<ReturnType<typeof startRecorder>>;
  let replies: { status: number; body?: string }[];
  let storage: S3Storage;

  beforeEach(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'mapr-s3-'));
    replies = [];
    recorder = await startRecorder(() => replies.shift() ?? { status: 200 });
    storage = S3Storage.fromConfig({
      driver: 's3',
      bucket: 'mapr-videos',
      region: 'eu-central-1',
      endpoint: recorder.endpoint,
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret-example',
      forcePathStyle: true,
      retentionDays: 7,
    });
  });
  afterEach(async () => {
    storage.onApplicationShutdown();
    await new Promise((resolve) => recorder.server.close(resolve));
    rmSync(scratch, { recursive: true, force: true });
  });

  it('PUTs the file bytes to /bucket/key with Content-Type, Cache-Control, length and a SigV4 signature', async () => {
    const bytes = Buffer.alloc(300_000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7) % 256;
    const path = join(scratch, 'out.mp4');
    writeFileSync(path, bytes);

    await storage.putFile('renders/job_abc.mp4', path, 'video/mp4');

    expect(recorder.requests).toHaveLength(1);
    const [put] = recorder.requests;
    expect(put.method).toBe('PUT');
    expect(put.url.split('?')[0]).toBe('/mapr-videos/renders/job_abc.mp4');
    expect(put.headers['content-type']).toBe('video/mp4');
    expect(put.headers['cache-control']).toBe('public, max-age=604800, immutable');
    expect(put.headers['content-length']).toBe(String(bytes.length));
    expect(put.headers['content-encoding']).toBeUndefined();
    expect(put.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-central-1\/s3\/aws4_request/);
    expect(put.body.equals(bytes)).toBe(true);
  });

  it('throws a descriptive error when the endpoint refuses the upload', async () => {
    replies.push({ status: 403, body: s3Error('AccessDenied', 'Access Denied') });
    const path = join(scratch, 'thumb.jpg');
    writeFileSync(path, 'jpeg');
    await expect(storage.putFile('renders/job_abc_thumb.jpg', path, 'image/jpeg')).rejects.toThrow(
      /Upload of renders\/job_abc_thumb\.jpg to bucket mapr-videos failed: Access Denied/,
    );
  });

  it('uploads again, from the start of the file, after the store answers 503 Slow Down or 500 (a streamed body is not replayed by the SDK)', async () => {
    replies.push({ status: 503, body: s3Error('SlowDown', 'Please reduce your request rate.') });
    replies.push({ status: 500, body: s3Error('InternalError', 'We encountered an internal error. Please try again.') });
    const bytes = Buffer.alloc(200_000, 7);
    const path = join(scratch, 'chunk.ts');
    writeFileSync(path, bytes);

    await storage.putFile('render-chunks/job_abc/0-35.ts', path, 'video/mp2t', 'private, no-store');

    expect(recorder.requests).toHaveLength(3);
    const last = recorder.requests[recorder.requests.length - 1];
    expect(last.body.equals(bytes)).toBe(true);
  });

  it('does not upload again what the store refused for good (403), nor past its attempts', async () => {
    replies.push({ status: 403, body: s3Error('AccessDenied', 'Access Denied') });
    const path = join(scratch, 'once.jpg');
    writeFileSync(path, 'jpeg');
    await expect(storage.putFile('renders/job_once.jpg', path, 'image/jpeg')).rejects.toThrow(/Access Denied/);
    expect(recorder.requests).toHaveLength(1);

    for (let i = 0; i < 10; i++) replies.push({ status: 503, body: s3Error('SlowDown', 'Please reduce your request rate.') });
    await expect(storage.putFile('renders/job_busy.jpg', path, 'image/jpeg')).rejects.toThrow(/reduce your request rate/);
    expect(recorder.requests.length - 1).toBe(UPLOAD_ATTEMPTS);
  });

  it('fails before any request for a missing local file or an unsafe key', async () => {
    await expect(storage.putFile('renders/job_abc.mp4', join(scratch, 'missing.mp4'), 'video/mp4')).rejects.toThrow(/ENOENT/);
    await expect(storage.putFile('../job_abc.mp4', join(scratch, 'missing.mp4'), 'video/mp4')).rejects.toThrow(/Invalid storage key/);
    expect(recorder.requests).toHaveLength(0);
  });

  it('sends the Cache-Control it is given (a year for content-addressed keys)', async () => {
    const path = join(scratch, 'preview.jpg');
    writeFileSync(path, 'jpeg');
    await storage.putFile('styles/standard-0123456789abcdef.jpg', path, 'image/jpeg', 'public, max-age=31536000, immutable');
    expect(recorder.requests[0].headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('HEADs /bucket/key to tell whether a key is stored; other failures are errors', async () => {
    replies.push({ status: 200 }, { status: 404 });
    expect(await storage.exists('styles/standard-0123456789abcdef.jpg')).toBe(true);
    expect(await storage.exists('styles/dark-0123456789abcdef.jpg')).toBe(false);
    expect(recorder.requests.map((r) => `${r.method} ${r.url.split('?')[0]}`)).toEqual([
      'HEAD /mapr-videos/styles/standard-0123456789abcdef.jpg',
      'HEAD /mapr-videos/styles/dark-0123456789abcdef.jpg',
    ]);
    replies.push({ status: 403 });
    await expect(storage.exists('styles/minimal-0123456789abcdef.jpg')).rejects.toThrow(
      /Looking up styles\/minimal-0123456789abcdef\.jpg in bucket mapr-videos failed/,
    );
  });

  it('DELETEs /bucket/key; a missing key is not an error, other failures are', async () => {
    replies.push({ status: 204 }, { status: 404, body: s3Error('NoSuchKey', 'The specified key does not exist.') });
    await storage.delete('renders/job_abc.mp4');
    await storage.delete('renders/job_abc_thumb.jpg');
    expect(recorder.requests.map((r) => `${r.method} ${r.url.split('?')[0]}`)).toEqual([
      'DELETE /mapr-videos/renders/job_abc.mp4',
      'DELETE /mapr-videos/renders/job_abc_thumb.jpg',
    ]);

    replies.push({ status: 403, body: s3Error('AccessDenied', 'Access Denied') });
    await expect(storage.delete('renders/job_abc.mp4')).rejects.toThrow(/Deleting renders\/job_abc\.mp4 from bucket mapr-videos failed/);
  });
});
