import * as http from 'node:http';
import * as https from 'node:https';
import type { LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { recheckResolvedTarget, resolveWebhookTarget, type HostResolver, type ResolvedTarget } from '../ssrf';
import type { WebhookUrlRejection } from '../webhooks.errors';

/**
 * One webhook HTTP attempt (contract §8): POST the signed JSON body, never follow redirects, read at most
 * `maxResponseBytes` of the answer, and give up at a TOTAL deadline that covers DNS, connect, TLS, headers
 * and body, so a receiver trickling bytes cannot hold a worker.
 *
 * DNS rebinding: the host is resolved and every address checked right before connecting, and the socket's
 * `lookup` hands back only those checked addresses, whatever the OS resolver would say a moment later.
 * Host header and TLS server name still carry the name from the URL, so virtual hosts and certificates work.
 *
 * Never throws for anything the receiver or the network does; every attempt ends in a result for the log.
 */

export const WEBHOOK_USER_AGENT = 'mapr-webhooks/1';
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024;
export const DEFAULT_MAX_EXCERPT_CHARS = 1024;

export type WebhookDeliveryOutcome = 'delivered' | 'failed' | 'gone';
export type WebhookDeliveryErrorKind =
  'timeout' | 'connection_refused' | 'dns' | 'ssrf_blocked' | 'redirect' | 'http_error' | 'tls' | 'network';

export interface WebhookDeliveryRequest {
  /** The exact JSON text that was signed. */
  body: string;
  /** Signature, event and delivery headers. Content-Type, User-Agent, Host and framing headers are set here. */
  headers: Record<string, string>;
}

export interface DeliverWebhookOptions {
  /** `WEBHOOK_ALLOW_PRIVATE_TARGETS`. */
  allowPrivate: boolean;
  /** Total deadline from the DNS lookup to the last byte read. Default 30000. */
  timeoutMs?: number;
  /** The most response-body bytes read before the connection is dropped. Default 65536. */
  maxResponseBytes?: number;
  /** Length of `response_excerpt` kept for the delivery log, in characters. Default 1024. */
  maxExcerptChars?: number;
  /** DNS resolution; defaults to the system resolver. Injectable for tests. */
  resolveHost?: HostResolver;
}

export interface WebhookDeliveryResult {
  /** delivered = 2xx; gone = 410 (stop retrying); failed = anything else (retry). */
  outcome: WebhookDeliveryOutcome;
  /** The receiver's status, when it answered. */
  status_code?: number;
  /** Set exactly when outcome is not 'delivered'. */
  error_kind?: WebhookDeliveryErrorKind;
  /** Whole attempt, DNS included, in milliseconds. */
  latency_ms: number;
  /** Start of the response body (UTF-8, at most maxExcerptChars characters), when there was one. */
  response_excerpt?: string;
  /** One line for the delivery log; never contains addresses from a refused resolution. */
  error_message?: string;
}

/** The port the delivery processor depends on, so tests can swap the HTTP client. */
export type WebhookHttpClient = (
  target: ResolvedTarget | string,
  request: WebhookDeliveryRequest,
  options: DeliverWebhookOptions,
) => Promise<WebhookDeliveryResult>;

/** Headers a caller may not set: they belong to this client or to HTTP framing. */
const RESERVED_HEADERS = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'content-type',
  'user-agent',
  'expect',
  'keep-alive',
  'upgrade',
]);

const TLS_ERROR_CODES = new Set([
  'EPROTO',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'HOSTNAME_MISMATCH',
]);

const DNS_ERROR_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'EAI_NONAME']);

export const deliverWebhook: WebhookHttpClient = async (target, request, options) => {
  const timeoutMs = options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
  const started = performance.now();
  const elapsedMs = () => Math.round(performance.now() - started);
  const remainingMs = () => timeoutMs - (performance.now() - started);

  let checkedTarget: ResolvedTarget;
  if (typeof target === 'string') {
    const resolution = await resolveWebhookTarget(target, {
      allowPrivate: options.allowPrivate,
      resolveHost: options.resolveHost,
      resolveTimeoutMs: Math.max(1, remainingMs()),
    });
    if (!resolution.ok) return refused(resolution.rejection, elapsedMs());
    checkedTarget = resolution.target;
  } else {
    // Resolved earlier, perhaps under other settings: apply today's policy to the same addresses.
    const rejection = recheckResolvedTarget(target, { allowPrivate: options.allowPrivate });
    if (rejection !== undefined) return refused(rejection, elapsedMs());
    checkedTarget = target;
  }
  if (remainingMs() <= 0) {
    return { outcome: 'failed', error_kind: 'timeout', latency_ms: elapsedMs(), error_message: `no answer within ${timeoutMs} ms` };
  }

  return sendRequest(checkedTarget, request, {
    remainingMs: remainingMs(),
    timeoutMs,
    maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    maxExcerptChars: options.maxExcerptChars ?? DEFAULT_MAX_EXCERPT_CHARS,
    elapsedMs,
  });
};

interface SendLimits {
  remainingMs: number;
  timeoutMs: number;
  maxResponseBytes: number;
  maxExcerptChars: number;
  elapsedMs: () => number;
}

function sendRequest(target: ResolvedTarget, request: WebhookDeliveryRequest, limits: SendLimits): Promise<WebhookDeliveryResult> {
  return new Promise((resolve) => {
    const body = Buffer.from(request.body, 'utf8');
    const received: Buffer[] = [];
    let bytesRead = 0;
    let response: http.IncomingMessage | undefined;
    let settled = false;

    const finish = (result: Omit<WebhookDeliveryResult, 'latency_ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      // Drops the socket too (agent: false, so it is never pooled): nothing more is read from this receiver.
      req.destroy();
      resolve({ ...result, latency_ms: limits.elapsedMs() });
    };
    // Once the status line is in, the answer is known; the body only feeds the excerpt.
    const finishWithResponse = () => finish(resultFromResponse(response!, Buffer.concat(received), limits.maxExcerptChars));

    const transport = target.protocol === 'https:' ? https : http;
    const req = transport.request({
      method: 'POST',
      protocol: target.protocol,
      hostname: target.hostname,
      port: target.port,
      path: target.path,
      headers: {
        ...withoutReservedHeaders(request.headers),
        'Content-Type': 'application/json',
        'User-Agent': WEBHOOK_USER_AGENT,
        'Content-Length': String(body.length),
      },
      agent: false,
      lookup: onlyCheckedAddresses(target),
    });

    const deadline = setTimeout(() => {
      if (response !== undefined) return finishWithResponse();
      finish({ outcome: 'failed', error_kind: 'timeout', error_message: `no answer within ${limits.timeoutMs} ms` });
    }, limits.remainingMs);

    req.on('response', (res) => {
      response = res;
      res.on('data', (chunk: Buffer) => {
        const room = limits.maxResponseBytes - bytesRead;
        received.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
        bytesRead += Math.min(chunk.length, room);
        if (bytesRead >= limits.maxResponseBytes) finishWithResponse();
      });
      res.on('end', finishWithResponse);
      res.on('aborted', finishWithResponse);
      res.on('error', finishWithResponse);
    });

    req.on('error', (error: NodeJS.ErrnoException) => {
      if (response !== undefined) return finishWithResponse(); // connection lost mid-body: the status stands
      finish({ outcome: 'failed', error_kind: classifyError(error), error_message: describeError(error) });
    });

    req.end(body);
  });
}

/**
 * The socket's DNS step: answers from the addresses checked moments ago and never consults the resolver
 * again, so a second (rebound) answer cannot be used. Honours a family filter and `all` (Happy Eyeballs).
 */
function onlyCheckedAddresses(target: ResolvedTarget): LookupFunction {
  return (_hostname: string, lookupOptions: LookupOptions, callback) => {
    const wantedFamily = lookupOptions.family === 'IPv4' ? 4 : lookupOptions.family === 'IPv6' ? 6 : lookupOptions.family;
    const candidates = target.addresses.filter((a) => !wantedFamily || a.family === wantedFamily);
    if (candidates.length === 0) {
      const error: NodeJS.ErrnoException = Object.assign(new Error(`no checked IPv${wantedFamily} address`), { code: 'ENOTFOUND' });
      return callback(error, '', undefined);
    }
    if (lookupOptions.all)
      return callback(
        null,
        candidates.map((a) => ({ address: a.address, family: a.family })),
      );
    return callback(null, candidates[0].address, candidates[0].family);
  };
}

function resultFromResponse(
  res: http.IncomingMessage,
  bodyRead: Buffer,
  maxExcerptChars: number,
): Omit<WebhookDeliveryResult, 'latency_ms'> {
  const status = res.statusCode ?? 0;
  const excerpt = bodyRead.length > 0 ? truncateChars(bodyRead.toString('utf8'), maxExcerptChars) : undefined;
  const base = { status_code: status, ...(excerpt !== undefined ? { response_excerpt: excerpt } : {}) };
  if (status >= 200 && status < 300) return { outcome: 'delivered', ...base };
  if (status === 410) return { outcome: 'gone', error_kind: 'http_error', error_message: 'receiver answered 410 Gone', ...base };
  if (status >= 300 && status < 400) {
    const location = res.headers.location;
    const where = location ? ` to ${truncateChars(location, 200)}` : '';
    return { outcome: 'failed', error_kind: 'redirect', error_message: `redirect${where} not followed (status ${status})`, ...base };
  }
  return { outcome: 'failed', error_kind: 'http_error', error_message: `receiver answered ${status}`, ...base };
}

function refused(rejection: WebhookUrlRejection, latencyMs: number): WebhookDeliveryResult {
  return {
    outcome: 'failed',
    error_kind: rejection.reason === 'unresolvable_host' ? 'dns' : 'ssrf_blocked',
    latency_ms: latencyMs,
    error_message: `${rejection.reason}: ${rejection.message}`,
  };
}

function classifyError(error: NodeJS.ErrnoException): WebhookDeliveryErrorKind {
  const code = error.code ?? '';
  if (code === 'ECONNREFUSED') return 'connection_refused';
  if (DNS_ERROR_CODES.has(code)) return 'dns';
  if (TLS_ERROR_CODES.has(code) || code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_')) return 'tls';
  return 'network';
}

function describeError(error: NodeJS.ErrnoException): string {
  return truncateChars(error.code ? `${error.code}: ${error.message}` : error.message, 300);
}

function withoutReservedHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !RESERVED_HEADERS.has(name.toLowerCase())));
}

function truncateChars(text: string, maxChars: number): string {
  const chars = Array.from(text); // by code point, so a surrogate pair is never cut in half
  return chars.length <= maxChars ? text : chars.slice(0, maxChars).join('');
}
