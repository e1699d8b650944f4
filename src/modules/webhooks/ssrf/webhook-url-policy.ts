import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { WebhookUrlRejectedError, type WebhookUrlRejection, type WebhookUrlRejectionReason } from '../webhooks.errors';
import { classifyIpAddress, type AddressClassification } from './address-classification';

/**
 * Which webhook URLs the service may call (contract §8): http(s) only, no credentials, and no host that
 * is or resolves to a loopback, private, link-local, CGNAT, multicast, reserved or metadata address.
 *
 * Two layers:
 * - `checkWebhookUrlSyntax` (synchronous, no DNS) for request validation. WHATWG URL parsing already turns
 *   every IPv4 spelling (2130706433, 0x7f000001, 0177.0.0.1, 127.1) into a dotted quad, lower-cases names
 *   and applies IDNA, so the checks below see one canonical form.
 * - `resolveWebhookTarget` / `assertPublicWebhookUrl` add DNS: every resolved address must pass, and the
 *   result lists the checked addresses so the HTTP client connects to exactly those (no DNS rebinding).
 */

export interface WebhookUrlPolicyOptions {
  /** `WEBHOOK_ALLOW_PRIVATE_TARGETS`: lets loopback/private targets through (development and tests only). */
  allowPrivate: boolean;
}

export type WebhookUrlSyntaxCheck = { ok: true; url: URL; host: WebhookHost } | { ok: false; rejection: WebhookUrlRejection };

export type WebhookHost = { kind: 'ip'; address: string; family: 4 | 6 } | { kind: 'name'; name: string };

/** An address that passed the policy. */
export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/** A webhook URL that passed the policy, with the addresses its host resolved to (all of them checked). */
export interface ResolvedTarget {
  /** The normalised URL (WHATWG `href`). */
  readonly url: string;
  readonly protocol: 'http:' | 'https:';
  /** Host as written in the URL (brackets removed from IPv6): sent as Host header and TLS server name. */
  readonly hostname: string;
  readonly port: number;
  /** Path and query sent in the request line. */
  readonly path: string;
  /** Non-empty; the only addresses a connection may go to. */
  readonly addresses: readonly CheckedAddress[];
}

export type HostResolver = (hostname: string) => Promise<ReadonlyArray<{ address: string; family: number }>>;

export interface ResolveWebhookTargetOptions extends WebhookUrlPolicyOptions {
  /** DNS resolution; defaults to the system resolver (dns.lookup with all addresses). Injectable for tests. */
  resolveHost?: HostResolver;
  /** Gives up on a slow resolver after this long (reported as unresolvable_host). Default 5000 ms. */
  resolveTimeoutMs?: number;
}

export type WebhookTargetResolution = { ok: true; target: ResolvedTarget } | { ok: false; rejection: WebhookUrlRejection };

/** Longest accepted webhook URL; longer ones are refused before parsing. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** Host names of cloud metadata services (compared after lower-casing and dropping trailing dots). */
const METADATA_HOSTNAMES = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.tencentyun.com',
]);

/** Special-use domains that only ever resolve inside a private network (RFC 6761, 6762, 8375, ICANN .internal). */
const LOCAL_DOMAIN_SUFFIXES = ['localhost', 'local', 'internal', 'home.arpa', 'localdomain'];

const DEFAULT_RESOLVE_TIMEOUT_MS = 5000;

const systemResolver: HostResolver = (hostname) => lookup(hostname, { all: true });

/**
 * Synchronous checks that need no DNS: what request validation runs. A name that passes may still be
 * refused later, once it is resolved.
 */
export function checkWebhookUrlSyntax(rawUrl: string, options: WebhookUrlPolicyOptions = { allowPrivate: false }): WebhookUrlSyntaxCheck {
  if (typeof rawUrl !== 'string' || rawUrl.trim() === '') return reject('invalid_url', 'webhook_url must be an absolute http(s) URL');
  if (rawUrl.length > MAX_WEBHOOK_URL_LENGTH) {
    return reject('url_too_long', `webhook_url must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`);
  }
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return reject('invalid_url', 'webhook_url must be an absolute http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return reject('scheme_not_allowed', 'webhook_url must use http or https');
  }
  if (url.username !== '' || url.password !== '') {
    return reject('credentials_in_url', 'webhook_url must not contain a user name or password');
  }
  if (url.hostname === '') return reject('invalid_url', 'webhook_url must name a host');

  const bracketless = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const family = isIP(bracketless);
  if (family === 4 || family === 6) {
    const rejection = checkAddress(bracketless, options);
    if (rejection !== undefined) return { ok: false, rejection };
    return { ok: true, url, host: { kind: 'ip', address: bracketless, family } };
  }

  const name = bracketless.replace(/\.+$/, '');
  if (METADATA_HOSTNAMES.has(name)) {
    return reject('metadata_endpoint', 'webhook_url must not point to a cloud metadata service');
  }
  if (!options.allowPrivate && isLocalName(name)) {
    return reject('local_hostname', 'webhook_url must use a public host name, not a local or single-label one');
  }
  return { ok: true, url, host: { kind: 'name', name: bracketless } };
}

/**
 * Full check with DNS. Every address the host resolves to must pass: one bad address refuses the URL,
 * since the client might otherwise be steered to it. Never throws for a bad URL; see the rejection.
 */
export async function resolveWebhookTarget(rawUrl: string, options: ResolveWebhookTargetOptions): Promise<WebhookTargetResolution> {
  const syntax = checkWebhookUrlSyntax(rawUrl, options);
  if (!syntax.ok) return syntax;
  const { url, host } = syntax;

  let addresses: CheckedAddress[];
  if (host.kind === 'ip') {
    addresses = [{ address: host.address, family: host.family }];
  } else {
    const resolved = await resolveWithTimeout(
      options.resolveHost ?? systemResolver,
      host.name,
      options.resolveTimeoutMs ?? DEFAULT_RESOLVE_TIMEOUT_MS,
    );
    if (resolved === undefined || resolved.length === 0) {
      return reject('unresolvable_host', 'webhook_url host name does not resolve');
    }
    addresses = [];
    for (const entry of resolved) {
      const family = isIP(entry.address);
      // The resolver's answer is untrusted input too: anything that is not an IP literal is refused.
      if (family !== 4 && family !== 6) return reject('unresolvable_host', 'webhook_url host name does not resolve');
      const rejection = checkAddress(entry.address, options);
      if (rejection !== undefined) return { ok: false, rejection };
      addresses.push({ address: entry.address, family });
    }
  }

  return { ok: true, target: targetFrom(url, host, addresses) };
}

/** The same check as `resolveWebhookTarget`, throwing `WebhookUrlRejectedError` (a 400) on refusal. */
export async function assertPublicWebhookUrl(rawUrl: string, options: ResolveWebhookTargetOptions): Promise<ResolvedTarget> {
  const resolution = await resolveWebhookTarget(rawUrl, options);
  if (!resolution.ok) throw new WebhookUrlRejectedError(resolution.rejection);
  return resolution.target;
}

/**
 * Re-applies the address policy to a target resolved earlier (perhaps under other settings). Returns the
 * first rejection, or undefined when every address still passes.
 */
export function recheckResolvedTarget(target: ResolvedTarget, options: WebhookUrlPolicyOptions): WebhookUrlRejection | undefined {
  const syntax = checkWebhookUrlSyntax(target.url, options);
  if (!syntax.ok) return syntax.rejection;
  if (target.addresses.length === 0) return rejection('unresolvable_host', 'webhook_url host name does not resolve');
  for (const { address } of target.addresses) {
    const refused = checkAddress(address, options);
    if (refused !== undefined) return refused;
  }
  return undefined;
}

/** The policy for one address; undefined means allowed. */
export function checkAddress(address: string, options: WebhookUrlPolicyOptions): WebhookUrlRejection | undefined {
  const verdict: AddressClassification = classifyIpAddress(address);
  if (verdict.isMetadata) {
    return { ...rejection('metadata_endpoint', 'webhook_url must not point to a cloud metadata service'), range: verdict.range, address };
  }
  if (verdict.isPublic || options.allowPrivate) return undefined;
  return {
    ...rejection(
      'private_address',
      'webhook_url must not point to a loopback, private, link-local, shared (CGNAT), multicast or reserved address',
    ),
    range: verdict.embeddedIn === undefined ? verdict.range : `${verdict.embeddedIn}:${verdict.range}`,
    address,
  };
}

function isLocalName(name: string): boolean {
  if (!name.includes('.')) return true; // single label: meaning depends on the resolver's search list
  return LOCAL_DOMAIN_SUFFIXES.some((suffix) => name === suffix || name.endsWith(`.${suffix}`));
}

async function resolveWithTimeout(
  resolveHost: HostResolver,
  hostname: string,
  timeoutMs: number,
): Promise<ReadonlyArray<{ address: string; family: number }> | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), timeoutMs);
  });
  try {
    return await Promise.race([resolveHost(hostname).catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function targetFrom(url: URL, host: WebhookHost, addresses: CheckedAddress[]): ResolvedTarget {
  const protocol = url.protocol as 'http:' | 'https:';
  return Object.freeze({
    url: url.href,
    protocol,
    hostname: host.kind === 'ip' ? host.address : host.name,
    port: url.port === '' ? (protocol === 'https:' ? 443 : 80) : Number(url.port),
    path: `${url.pathname}${url.search}`,
    addresses: Object.freeze(addresses.map((a) => Object.freeze({ ...a }))),
  });
}

function rejection(reason: WebhookUrlRejectionReason, message: string): WebhookUrlRejection {
  return { reason, message };
}

function reject(reason: WebhookUrlRejectionReason, message: string): { ok: false; rejection: WebhookUrlRejection } {
  return { ok: false, rejection: rejection(reason, message) };
}
