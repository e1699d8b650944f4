import createClient from 'openapi-fetch';
import type { paths } from './generated/openapi';
import type { ApiContext } from './http';
import { Account, ApiKeys, Catalog, Usage } from './resources/account';
import { Auth } from './resources/auth';
import { Batches } from './resources/batches';
import { Events } from './resources/events';
import { Renders } from './resources/renders';
import { Templates } from './resources/templates';
import { Webhooks } from './resources/webhooks';
import { DEFAULT_RETRY_POLICY, retryingFetch, type RetryPolicy } from './transport';

export interface MaprOptions {
  /** An API key (`mapr_live_…`/`mapr_test_…`) or an access token from `auth.logIn`. Sent as `Authorization: Bearer`. */
  apiKey?: string;
  /** The service's address (default: `MAPR_BASE_URL` when set in Node, else http://localhost:3000). */
  baseUrl?: string;
  /** Retries of connection failures, 5xx and passing 429s; `{ maxRetries: 0 }` switches them off. */
  retry?: Partial<RetryPolicy>;
  /** Per attempt (default 60 s). */
  timeoutMs?: number;
  /** Your own fetch (a proxy agent, a test double); default the platform's. */
  fetch?: typeof fetch;
}

const DEFAULT_BASE_URL = 'http://localhost:3000';

/**
 * The mapr API client.
 *
 * ```ts
 * const mapr = new Mapr({ apiKey: process.env.MAPR_API_KEY });
 * const { job_id } = await mapr.renders.create({ waypoints: [{ place: 'Lisbon' }, { place: 'New York' }], duration: 10 });
 * const render = await mapr.renders.wait(job_id, { onProgress: (r) => console.log(r.progress) });
 * console.log(render.video_url);
 * ```
 */
export class Mapr {
  readonly baseUrl: string;
  readonly auth: Auth;
  readonly renders: Renders;
  readonly batches: Batches;
  readonly templates: Templates;
  readonly usage: Usage;
  readonly account: Account;
  readonly apiKeys: ApiKeys;
  readonly webhooks: Webhooks;
  /** The account's events, read or streamed (`GET /v1/events`), e.g. to forward them to a local server. */
  readonly events: Events;
  /** Map styles and place search. */
  readonly catalog: Catalog;

  constructor(options: MaprOptions = {}) {
    this.baseUrl = (options.baseUrl ?? environment('MAPR_BASE_URL') ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    const apiKey = options.apiKey ?? environment('MAPR_API_KEY');
    const platformFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    const fetch = retryingFetch({
      fetch: platformFetch,
      retry: { ...DEFAULT_RETRY_POLICY, ...options.retry },
      timeoutMs: options.timeoutMs ?? 60_000,
    });
    const http = createClient<paths>({
      baseUrl: this.baseUrl,
      fetch,
      headers: apiKey ? { Authorization: `Bearer ${apiKey}` } : {},
    });
    const api: ApiContext = { http, fetch, baseUrl: this.baseUrl };
    this.auth = new Auth(api);
    this.renders = new Renders(api);
    this.batches = new Batches(api);
    this.templates = new Templates(api);
    this.usage = new Usage(api);
    this.account = new Account(api);
    this.apiKeys = new ApiKeys(api);
    this.webhooks = new Webhooks(api);
    this.events = new Events(api);
    this.catalog = new Catalog(api);
  }
}

/** An environment variable in Node; undefined in browsers. */
function environment(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const value = env?.[name];
  return value ? value : undefined;
}
