import { unwrap, type ApiContext } from '../http';
import type { Account as AccountBody, ApiKey, CreateApiKeyRequest, CreatedApiKey, Place, Style, Usage as UsageBody } from '../types';

/** `GET /v1/usage`: renders used and left this month. */
export class Usage {
  constructor(private readonly api: ApiContext) {}

  async get(): Promise<UsageBody> {
    return unwrap(this.api.http.GET('/v1/usage'));
  }
}

/** `GET /v1/account`: who the credential belongs to, the tier and its limits. */
export class Account {
  constructor(private readonly api: ApiContext) {}

  async get(): Promise<AccountBody> {
    return unwrap(this.api.http.GET('/v1/account'));
  }
}

/** API keys (creating and revoking them needs an access token from `auth.logIn`, not an API key). */
export class ApiKeys {
  constructor(private readonly api: ApiContext) {}

  /** The key itself is in the answer this once: store it. */
  async create(body: CreateApiKeyRequest): Promise<CreatedApiKey> {
    return unwrap(this.api.http.POST('/v1/api-keys', { body }));
  }

  async list(): Promise<ApiKey[]> {
    return (await unwrap(this.api.http.GET('/v1/api-keys'))).api_keys;
  }

  async revoke(id: string): Promise<void> {
    await unwrap(this.api.http.DELETE('/v1/api-keys/{id}', { params: { path: { id } } }));
  }
}

/** Map styles and the place gazetteer a render can name waypoints from. */
export class Catalog {
  constructor(private readonly api: ApiContext) {}

  async styles(): Promise<Style[]> {
    return (await unwrap(this.api.http.GET('/v1/styles'))).styles;
  }

  /** Cities matching `query` (by name, largest first). Needs no credentials. */
  async places(query: string): Promise<Place[]> {
    return (await unwrap(this.api.http.GET('/v1/places', { params: { query: { q: query } } }))).places;
  }
}
