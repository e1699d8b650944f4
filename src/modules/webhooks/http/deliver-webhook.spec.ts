import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import * as net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signPayload } from '../signing';
import { assertPublicWebhookUrl, type HostResolver, type ResolvedTarget } from '../ssrf';
import { verifyWebhook } from '../verify-webhook';
import { deliverWebhook } from './deliver-webhook';

/** Real local servers on 127.0.0.1, port 0; every socket is tracked so teardown never waits on a stalled one. */
interface LocalServer {
  port: number;
  url: string;
  connections: number;
  requests: Array<{ method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string }>;
  close(): Promise<void>;
}

const openServers: LocalServer[] = [];
afterEach(async () => {
  await Promise.all(openServers.splice(0).map((s) => s.close()));
});

function track(server: net.Server, scheme = 'http'): Promise<LocalServer> {
  const sockets = new Set<net.Socket>();
  const local: LocalServer = {
    port: 0,
    url: '',
    connections: 0,
    requests: [],
    close: () =>
      new Promise((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
  server.on('connection', (socket: net.Socket) => {
    local.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return new Promise((ready) => {
    server.listen(0, '127.0.0.1', () => {
      local.port = (server.address() as net.AddressInfo).port;
      local.url = `${scheme}://127.0.0.1:${local.port}/hooks/mapr`;
      openServers.push(local);
      ready(local);
    });
  });
}

/** An HTTP server that records each request (with its full body) before `respond` answers it. */
async function httpServer(respond: (res: http.ServerResponse, req: http.IncomingMessage) => void): Promise<LocalServer> {
  // The handler runs only after `local` is assigned below (requests come after listening).
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      local.requests.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      respond(res, req);
    });
  });
  const local = await track(server);
  return local;
}

/** A raw TCP server, for misbehaviour HTTP servers refuse to produce. */
async function tcpServer(onSocket: (socket: net.Socket) => void): Promise<LocalServer> {
  return track(net.createServer(onSocket));
}

const BODY = JSON.stringify({ event: 'render.complete', job_id: 'job_abc', status: 'complete' });
const SECRET = 'whsec_delivery_test_0123456789abcdefghijklm';
const LOCAL = { allowPrivate: true } as const;

function signedRequest() {
  return {
    body: BODY,
    headers: { ...signPayload(BODY, { current: SECRET }, Math.floor(Date.now() / 1000)), 'X-Service-Event': 'render.complete' },
  };
}

describe('deliverWebhook against real local servers', () => {
  it('POSTs the exact signed body with the contract headers; 200 is delivered', async () => {
    const server = await httpServer((res) => res.writeHead(200, { 'Content-Type': 'text/plain' }).end('thanks'));
    const result = await deliverWebhook(server.url, signedRequest(), LOCAL);

    expect(result).toMatchObject({ outcome: 'delivered', status_code: 200, response_excerpt: 'thanks' });
    expect(result.error_kind).toBeUndefined();
    expect(result.latency_ms).toBeGreaterThanOrEqual(0);
    const [received] = server.requests;
    expect(received.method).toBe('POST');
    expect(received.url).toBe('/hooks/mapr');
    expect(received.body).toBe(BODY);
    expect(received.headers['content-type']).toBe('application/json');
    expect(received.headers['user-agent']).toBe('mapr-webhooks/1');
    expect(received.headers['x-service-event']).toBe('render.complete');
    expect(verifyWebhook(received.body, received.headers, SECRET)).toBe(true);
  });

  it('keeps its own Content-Type, User-Agent and Host whatever the caller passes', async () => {
    const server = await httpServer((res) => res.writeHead(204).end());
    const request = {
      body: BODY,
      headers: { 'content-type': 'text/html', 'User-Agent': 'curl', Host: 'evil.example', 'X-Custom': 'kept' },
    };
    const result = await deliverWebhook(server.url, request, LOCAL);
    expect(result).toMatchObject({ outcome: 'delivered', status_code: 204 });
    expect(result.response_excerpt).toBeUndefined();
    const { headers } = server.requests[0];
    expect(headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'mapr-webhooks/1',
      host: `127.0.0.1:${server.port}`,
      'x-custom': 'kept',
    });
  });

  it('500 is a failed attempt with the status and the start of the body', async () => {
    const server = await httpServer((res) => res.writeHead(500).end('database down'));
    const result = await deliverWebhook(server.url, signedRequest(), LOCAL);
    expect(result).toMatchObject({ outcome: 'failed', status_code: 500, error_kind: 'http_error', response_excerpt: 'database down' });
  });

  it('410 is gone (retries stop)', async () => {
    const server = await httpServer((res) => res.writeHead(410).end());
    const result = await deliverWebhook(server.url, signedRequest(), LOCAL);
    expect(result).toMatchObject({ outcome: 'gone', status_code: 410 });
  });

  it('does not follow a 302: failed as a redirect, and the Location is never requested', async () => {
    const elsewhere = await httpServer((res) => res.writeHead(200).end());
    const server = await httpServer((res) => res.writeHead(302, { Location: elsewhere.url }).end());
    const result = await deliverWebhook(server.url, signedRequest(), LOCAL);
    expect(result).toMatchObject({ outcome: 'failed', status_code: 302, error_kind: 'redirect' });
    expect(result.error_message).toContain(elsewhere.url);
    expect(elsewhere.connections).toBe(0);
  });

  it('gives up on a server that never answers at the deadline', async () => {
    const server = await tcpServer(() => undefined); // accepts, reads nothing, says nothing
    const result = await deliverWebhook(server.url, signedRequest(), { ...LOCAL, timeoutMs: 300 });
    expect(result).toMatchObject({ outcome: 'failed', error_kind: 'timeout' });
    expect(result.status_code).toBeUndefined();
    expect(server.connections).toBe(1);
  });

  it('enforces the deadline on a server that keeps trickling header bytes (no idle gap ever occurs)', async () => {
    let bytesSent = 0;
    const server = await tcpServer((socket) => {
      socket.write('HTTP/1.1 200 OK\r\n');
      const drip = setInterval(() => {
        if (socket.destroyed) return clearInterval(drip);
        socket.write('X-Drip: 1\r\n');
        bytesSent += 11;
      }, 20);
      socket.on('close', () => clearInterval(drip));
    });
    const result = await deliverWebhook(server.url, signedRequest(), { ...LOCAL, timeoutMs: 300 });
    expect(result).toMatchObject({ outcome: 'failed', error_kind: 'timeout' });
    expect(bytesSent).toBeGreaterThan(0); // bytes were still arriving when the deadline hit
  });

  it('stops reading a 200 whose body trickles forever at the deadline, keeping the status and what arrived', async () => {
    const server = await httpServer((res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('ok');
      const drip = setInterval(() => res.write('.'), 20);
      res.on('close', () => clearInterval(drip));
    });
    const result = await deliverWebhook(server.url, signedRequest(), { ...LOCAL, timeoutMs: 300 });
    expect(result).toMatchObject({ outcome: 'delivered', status_code: 200 });
    expect(result.response_excerpt).toMatch(/^ok\.*$/);
  });

  it('reads at most maxResponseBytes of an endless body, then drops the connection', async () => {
    let serverSawClose!: () => void;
    const closed = new Promise<void>((resolve) => (serverSawClose = resolve));
    const chunk = Buffer.alloc(16 * 1024, 'x');
    const server = await httpServer((res) => {
      res.writeHead(200);
      const pump = () => {
        while (!res.destroyed && res.write(chunk)) {
          /* fill the socket buffer */
        }
      };
      res.on('drain', pump);
      res.on('close', () => serverSawClose());
      pump();
    });
    // A long deadline: if the client kept reading, the server would never see the close and this test would hang.
    const result = await deliverWebhook(server.url, signedRequest(), {
      ...LOCAL,
      timeoutMs: 20_000,
      maxResponseBytes: 100,
      maxExcerptChars: 1000,
    });
    expect(result).toMatchObject({ outcome: 'delivered', status_code: 200 });
    expect(result.response_excerpt).toBe('x'.repeat(100));
    await closed;
  });

  it('keeps only maxExcerptChars characters of a large body, cut between characters', async () => {
    const server = await httpServer((res) => res.writeHead(500).end('é'.repeat(40_000)));
    const result = await deliverWebhook(server.url, signedRequest(), LOCAL);
    expect(result.response_excerpt).toBe('é'.repeat(1024));
  });

  it('reports a refused connection', async () => {
    const server = await httpServer((res) => res.end());
    const { url } = server;
    await server.close();
    const result = await deliverWebhook(url, signedRequest(), LOCAL);
    expect(result).toMatchObject({ outcome: 'failed', error_kind: 'connection_refused' });
  });

  it('reports a server that hangs up without answering as a network failure', async () => {
    const server = await tcpServer((socket) => socket.once('data', () => socket.destroy()));
    const result = await deliverWebhook(server.url, signedRequest(), LOCAL);
    expect(result).toMatchObject({ outcome: 'failed', error_kind: 'network' });
  });

  it('refuses a loopback target without private targets allowed, before any connection is made', async () => {
    const server = await httpServer((res) => res.end());
    for (const url of [
      server.url,
      `http://localhost:${server.port}/`,
      `http://[::ffff:127.0.0.1]:${server.port}/`,
      `http://2130706433:${server.port}/`,
    ]) {
      const result = await deliverWebhook(url, signedRequest(), { allowPrivate: false });
      expect(result).toMatchObject({ outcome: 'failed', error_kind: 'ssrf_blocked' });
    }
    expect(server.connections).toBe(0);
  });
});

describe('deliverWebhook and DNS', () => {
  function resolverFor(answers: string[][]): HostResolver & { calls: number } {
    const resolver = Object.assign(
      async () => {
        const answer = answers[Math.min(resolver.calls, answers.length - 1)];
        resolver.calls += 1;
        return answer.map((address) => ({ address, family: net.isIP(address) }));
      },
      { calls: 0 },
    );
    return resolver;
  }

  it('connects only to the address it checked, keeping the URL host name in the Host header', async () => {
    const server = await httpServer((res) => res.writeHead(200).end());
    // hooks.mapr.test exists in no DNS: the request can only reach the server through the checked address.
    const resolveHost = resolverFor([['127.0.0.1']]);
    const result = await deliverWebhook(`http://hooks.mapr.test:${server.port}/in`, signedRequest(), { ...LOCAL, resolveHost });
    expect(result).toMatchObject({ outcome: 'delivered' });
    expect(server.requests[0].headers.host).toBe(`hooks.mapr.test:${server.port}`);
    expect(resolveHost.calls).toBe(1);
  });

  it('defeats DNS rebinding: a name that was public at submission and resolves to loopback at delivery is refused', async () => {
    const server = await httpServer((res) => res.writeHead(200).end());
    const resolveHost = resolverFor([['93.184.215.14'], ['127.0.0.1']]);
    const url = `http://rebind.example.com:${server.port}/`;
    await expect(assertPublicWebhookUrl(url, { allowPrivate: false, resolveHost })).resolves.toBeDefined();
    const result = await deliverWebhook(url, signedRequest(), { allowPrivate: false, resolveHost });
    expect(result).toMatchObject({ outcome: 'failed', error_kind: 'ssrf_blocked' });
    expect(result.error_message).not.toContain('127.0.0.1');
    expect(server.connections).toBe(0);
  });

  it('uses the addresses of a ResolvedTarget as they are (no second lookup), re-applying the policy', async () => {
    const server = await httpServer((res) => res.writeHead(200).end());
    const target: ResolvedTarget = {
      url: `http://hooks.mapr.test:${server.port}/x`,
      protocol: 'http:',
      hostname: 'hooks.mapr.test',
      port: server.port,
      path: '/x',
      addresses: [{ address: '127.0.0.1', family: 4 }],
    };
    const resolveHost = resolverFor([['203.0.113.9']]);
    expect(await deliverWebhook(target, signedRequest(), { ...LOCAL, resolveHost })).toMatchObject({ outcome: 'delivered' });
    expect(resolveHost.calls).toBe(0);
    expect(await deliverWebhook(target, signedRequest(), { allowPrivate: false })).toMatchObject({ error_kind: 'ssrf_blocked' });
    expect(server.connections).toBe(1);
  });

  it('reports a name that does not resolve as a dns failure', async () => {
    const resolveHost: HostResolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    const result = await deliverWebhook('https://nowhere.example.com/', signedRequest(), { allowPrivate: false, resolveHost });
    expect(result).toMatchObject({ outcome: 'failed', error_kind: 'dns' });
  });
});

describe('deliverWebhook over TLS', () => {
  let certDir: string;
  beforeAll(() => {
    certDir = mkdtempSync(join(tmpdir(), 'mapr-webhook-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=hooks.mapr.test',
        '-addext',
        'subjectAltName=DNS:hooks.mapr.test',
        '-keyout',
        join(certDir, 'key.pem'),
        '-out',
        join(certDir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
  });
  afterAll(() => rmSync(certDir, { recursive: true, force: true }));

  it('sends the URL host name as TLS server name while connecting to the checked address, and refuses an untrusted certificate', async () => {
    const serverNames: string[] = [];
    const server = https.createServer(
      {
        key: readFileSync(join(certDir, 'key.pem')),
        cert: readFileSync(join(certDir, 'cert.pem')),
        SNICallback: (name, done) => {
          serverNames.push(name);
          done(null);
        },
      },
      (_req, res) => res.writeHead(200).end(),
    );
    const local = await track(server, 'https');
    const resolveHost: HostResolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const result = await deliverWebhook(`https://hooks.mapr.test:${local.port}/`, signedRequest(), { ...LOCAL, resolveHost });
    expect(serverNames).toEqual(['hooks.mapr.test']);
    expect(result).toMatchObject({ outcome: 'failed', error_kind: 'tls' });
    expect(result.error_message).toMatch(/SELF_SIGNED|self.signed/i);
  });
});
