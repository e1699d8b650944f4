/** Who is calling: resolved from an access token or an API key by the global guard. */
export interface Principal {
  accountId: string;
  email: string;
  name: string;
  emailVerified: boolean;
  accountCreatedAt: Date;
  /** `jwt` for dashboard sessions, `api_key` for server-to-server keys. */
  via: 'jwt' | 'api_key';
  apiKeyId?: string;
  /** True for `mapr_test_` keys: sandbox jobs, no quota, watermark. */
  sandbox: boolean;
  /** For an access token: its id (absent on tokens issued before ids existed), when it was issued and when it ends. */
  session?: { tokenId?: string; issuedAt: Date; expiresAt: Date };
}

/**
 * The modes of the records a credential may read and act on, as a `where` fragment: an API key its own mode's
 * only (a `mapr_test_` key sandbox records, a live key live ones); a dashboard session both, each marked.
 */
export function visibleModes(principal: Principal): { sandbox?: boolean } {
  return principal.via === 'api_key' ? { sandbox: principal.sandbox } : {};
}

/** Fields the auth guards attach to the request. */
export interface AuthenticatedRequestFields {
  principal?: Principal;
  /** Set when credentials were sent but rejected; thrown after the caller's request was counted. */
  authFailure?: Error;
}
