import { unwrap, type ApiContext, type RequestOptions } from '../http';
import type { Account as AccountBody, ApiKey, CreateApiKeyRequest, CreatedApiKey, Place, Style, Usage as UsageBody } from '../types';

/** `GET /v1/usage`: renders used and left this month. */
export class Usage {
  constructor(private readonly api: ApiContext) {}

  async get(options: RequestOptions = {}): Promise<UsageBody> {
    return unwrap(this.api.http.GET('/v1/usage', { signal: options.signal }));
  }
}

/** `GET /v1/account`: who the credential belongs to, the tier and its limits. */
export class Account {
  constructor(private readonly api: ApiContext) {}

  async get(options: RequestOptions = {}): Promise<AccountBody> {
    return unwrap(this.api.http.GET('/v1/account', { signal: options.signal }));
  }
}

/** API keys (creating and revoking them needs an access token from `auth.logIn`, not an API key). */
export class ApiKeys {
  constructor(private readonly api: ApiContext) {}

  /** The key itself is in the answer this once: store it. */
  async create(body: CreateApiKeyRequest): Promise<CreatedApiKey> {
    return unwrap(this.api.http.POST('/v1/api-keys', { body }));
  }

  async list(options: RequestOptions = {}): Promise<ApiKey[]> {
    return (await unwrap(this.api.http.GET('/v1/api-keys', { signal: options.signal }))).api_keys;
  }

  async revoke(id: string): Promise<void> {
    await unwrap(this.api.http.DELETE('/v1/api-keys/{id}', { params: { path: { id } } }));
  }
}

/** Map styles and the place gazetteer a render can name waypoints from. */
export class Catalog {
  constructor(private readonly api: ApiContext) {}

  async styles(options: RequestOptions = {}): Promise<Style[]> {
    return (await unwrap(this.api.http.GET('/v1/styles', { signal: options.signal }))).styles;
  }

  /**
   * Cities matching `query` (by name, largest first; `limit` of them, the service's default when omitted).
   * Needs no credentials: a client made without `apiKey` spends the caller's address's budget, not an account's.
   */
  async places(query: string, options: RequestOptions & { limit?: number } = {}): Promise<Place[]> {
    const params = { query: options.limit === undefined ? { q: query } : { q: query, limit: options.limit } };
    return (await unwrap(this.api.http.GET('/v1/places', { params, signal: options.signal }))).places;
  }
}
