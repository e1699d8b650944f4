import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JwtService } from '@nestjs/jwt';
import {
  createAccount,
  passwordResetLinkFor,
  renderBody,
  resetTokenOf,
  startTestApp,
  TestApp,
  uniqueEmail,
  verificationLinkFor,
} from './support/test-app';

describe('Accounts and authentication', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  describe('registration and e-mail verification', () => {
    it('creates an unverified account and e-mails a verification link', async () => {
      const email = uniqueEmail('reg');
      const res = await t.http.post('/v1/auth/register').send({ email, password: 'long enough pw', name: 'Ana' }).expect(201);
      expect(res.body.user).toEqual({ id: expect.stringMatching(/^usr_[A-Za-z0-9]{24}$/), email, name: 'Ana', emailVerified: false });
      expect(res.body.message).toEqual(expect.any(String));
      expect(JSON.stringify(res.body)).not.toMatch(/password/i);
      expect(verificationLinkFor(t, email)).toContain('/v1/auth/verify-email?token=');
    });

    it('puts nothing the registrant typed into the e-mail, and refuses a name of several lines', async () => {
      const multiLine = await t.http
        .post('/v1/auth/register')
        .send({
          email: uniqueEmail('inj'),
          password: 'long enough pw',
          name: 'Ana\nYour account is suspended! Reset it at https://evil.example/reset',
        })
        .expect(400);
      expect(multiLine.body).toMatchObject({ error_code: 'VALIDATION_ERROR', issues: [expect.objectContaining({ field: 'name' })] });
      const email = uniqueEmail('inj');
      const name = 'Your account is suspended! Reset it at https://evil.example/reset';
      await t.http.post('/v1/auth/register').send({ email, password: 'long enough pw', name }).expect(201);
      const dir = t.config.mail.outboxDir;
      const mail = readdirSync(dir)
        .map((file) => readFileSync(join(dir, file), 'utf8'))
        .find((raw) => raw.includes(`To: ${email}`))!;
      expect(mail).toContain('/v1/auth/verify-email?token=');
      expect(mail).not.toMatch(/evil\.example|suspended/);
    });

    it('refuses a second account for the same address, whatever its case', async () => {
      const email = uniqueEmail('dup');
      await t.http.post('/v1/auth/register').send({ email, password: 'long enough pw', name: 'A' }).expect(201);
      const res = await t.http
        .post('/v1/auth/register')
        .send({ email: email.toUpperCase(), password: 'long enough pw', name: 'B' })
        .expect(409);
      expect(res.body).toMatchObject({ error_code: 'EMAIL_ALREADY_REGISTERED', request_id: expect.any(String) });
    });

    it('lists every invalid field of a registration at once', async () => {
      const res = await t.http.post('/v1/auth/register').send({ email: 'nope', password: 'short', name: '', extra: 1 }).expect(400);
      expect(res.body.error_code).toBe('VALIDATION_ERROR');
      const fields = res.body.issues.map((i: { field: string }) => i.field).sort();
      expect(fields).toEqual(['email', 'extra', 'name', 'password']);
      expect(res.body.issues.find((i: { field: string }) => i.field === 'extra').code).toBe('unrecognized_field');
    });

    it('verifies through the e-mailed link once; a second use is refused', async () => {
      const email = uniqueEmail('verify');
      await t.http.post('/v1/auth/register').send({ email, password: 'long enough pw', name: 'V' }).expect(201);
      const link = new URL(verificationLinkFor(t, email));
      const page = await t.http.get(link.pathname + link.search).expect(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.text).toContain('E-mail verified');
      const again = await t.http
        .get(link.pathname + link.search)
        .set('Accept', 'application/json')
        .expect(400);
      expect(again.body.error_code).toBe('INVALID_VERIFICATION_TOKEN');
      const login = await t.http.post('/v1/auth/login').send({ email, password: 'long enough pw' }).expect(200);
      const account = await t.http.get('/v1/account').auth(login.body.accessToken, { type: 'bearer' }).expect(200);
      expect(account.body.emailVerified).toBe(true);
    });

    it('answers JSON to API clients and refuses garbage tokens', async () => {
      const res = await t.http.get('/v1/auth/verify-email?token=not-a-token').set('Accept', 'application/json').expect(400);
      expect(res.body.error_code).toBe('INVALID_VERIFICATION_TOKEN');
      const html = await t.http.get('/v1/auth/verify-email?token=not-a-token').expect(400);
      expect(html.text).toContain('no longer works');
    });

    it('resends the link with its lifetime; the older link stops working; verified accounts get 409', async () => {
      const account = await createAccount(t, { verified: false, keys: false });
      const first = new URL(verificationLinkFor(t, account.email));
      const res = await t.http.post('/v1/auth/resend-verification').auth(account.accessToken, { type: 'bearer' }).expect(200);
      expect(res.body).toEqual({ message: expect.any(String), expires_in_hours: 24 });
      const second = new URL(verificationLinkFor(t, account.email));
      expect(second.search).not.toBe(first.search);
      await t.http
        .get(first.pathname + first.search)
        .set('Accept', 'application/json')
        .expect(400);
      const again = await t.http.post('/v1/auth/resend-verification').auth(account.accessToken, { type: 'bearer' }).expect(429);
      expect(again.body.error_code).toBe('TOO_MANY_ATTEMPTS');
      await t.http
        .get(second.pathname + second.search)
        .set('Accept', 'application/json')
        .expect(200, { message: 'E-mail address verified.', emailVerified: true });
      const verified = await createAccount(t, { keys: false });
      const conflict = await t.http.post('/v1/auth/resend-verification').auth(verified.accessToken, { type: 'bearer' }).expect(409);
      expect(conflict.body.error_code).toBe('EMAIL_ALREADY_VERIFIED');
    });

    it('lets an unverified account log in and read its account, but not create renders', async () => {
      const account = await createAccount(t, { verified: false });
      await t.http.get('/v1/account').auth(account.accessToken, { type: 'bearer' }).expect(200);
      const res = await t.http.post('/v1/render').auth(account.liveKey, { type: 'bearer' }).send(renderBody()).expect(403);
      expect(res.body.error_code).toBe('EMAIL_NOT_VERIFIED');
      const usage = await t.http.get('/v1/usage').auth(account.liveKey, { type: 'bearer' }).expect(200);
      expect(usage.body.renders_used).toBe(0);
    });
  });

  describe('login', () => {
    it('returns a 24-hour HS256 access token for the user', async () => {
      const account = await createAccount(t, { keys: false });
      const res = await t.http.post('/v1/auth/login').send({ email: account.email.toUpperCase(), password: account.password }).expect(200);
      expect(res.body.user).toEqual({ id: account.id, email: account.email, name: 'Test User' });
      const [header, payload] = res.body.accessToken
        .split('.')
        .slice(0, 2)
        .map((p: string) => JSON.parse(Buffer.from(p, 'base64url').toString()));
      expect(header.alg).toBe('HS256');
      expect(payload.exp - payload.iat).toBe(24 * 3600);
      expect(payload.aud).toBe('access');
    });

    it('answers an unknown e-mail and a wrong password the same way', async () => {
      const account = await createAccount(t, { keys: false });
      const wrong = await t.http.post('/v1/auth/login').send({ email: account.email, password: 'wrong password' }).expect(401);
      const unknown = await t.http
        .post('/v1/auth/login')
        .send({ email: uniqueEmail('ghost'), password: 'wrong password' })
        .expect(401);
      expect(wrong.body.error_code).toBe('INVALID_CREDENTIALS');
      expect({ ...unknown.body, request_id: 0 }).toEqual({ ...wrong.body, request_id: 0 });
    });

    it('limits failed logins per source and e-mail', async () => {
      const account = await createAccount(t, { keys: false });
      for (let i = 0; i < 10; i++)
        await t.http.post('/v1/auth/login').send({ email: account.email, password: 'wrong password' }).expect(401);
      const res = await t.http.post('/v1/auth/login').send({ email: account.email, password: account.password }).expect(429);
      expect(res.body).toMatchObject({ error_code: 'TOO_MANY_ATTEMPTS', retry_after_seconds: expect.any(Number) });
    });
  });

  describe('the spec’s authentication error table', () => {
    let account: Awaited<ReturnType<typeof createAccount>>;
    beforeAll(async () => {
      account = await createAccount(t);
    });

    it('401 AUTHENTICATION_REQUIRED without credentials, with WWW-Authenticate and rate-limit headers', async () => {
      const res = await t.http.get('/v1/usage').expect(401);
      expect(res.body).toEqual({
        error: 'Authentication required',
        error_code: 'AUTHENTICATION_REQUIRED',
        message: expect.any(String),
        request_id: res.headers['x-request-id'],
      });
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.headers['x-ratelimit-limit']).toBe('100000');
      expect(Number(res.headers['x-ratelimit-remaining'])).toBeLessThan(100000);
      const reset = Number(res.headers['x-ratelimit-reset']);
      expect(reset).toBeGreaterThan(Date.now() / 1000);
      expect(reset).toBeLessThanOrEqual(Date.now() / 1000 + 61);
    });

    it('401 INVALID_TOKEN for a malformed token', async () => {
      const res = await t.http.get('/v1/usage').auth('not.a.jwt', { type: 'bearer' }).expect(401);
      expect(res.body.error_code).toBe('INVALID_TOKEN');
    });

    it('401 INVALID_TOKEN for an expired token', async () => {
      const jwt = new JwtService({ secret: t.config.auth.jwtSecret });
      const expired = jwt.sign({
        sub: account.id,
        aud: 'access',
        iat: Math.floor(Date.now() / 1000) - 90000,
        exp: Math.floor(Date.now() / 1000) - 3600,
      });
      const res = await t.http.get('/v1/usage').auth(expired, { type: 'bearer' }).expect(401);
      expect(res.body.error_code).toBe('INVALID_TOKEN');
    });

    it('refuses a token from the moment it expires, even one the service has just accepted', async () => {
      const jwt = new JwtService({ secret: t.config.auth.jwtSecret });
      const expiresAt = Math.floor(Date.now() / 1000) + 2;
      const shortLived = jwt.sign({ sub: account.id, aud: 'access', exp: expiresAt });
      await t.http.get('/v1/usage').auth(shortLived, { type: 'bearer' }).expect(200);
      await new Promise((r) => setTimeout(r, expiresAt * 1000 - Date.now() + 50));
      const res = await t.http.get('/v1/usage').auth(shortLived, { type: 'bearer' }).expect(401);
      expect(res.body.error_code).toBe('INVALID_TOKEN');
    });

    it('401 INVALID_TOKEN for a token signed with another key or another algorithm', async () => {
      const forged = new JwtService({ secret: 'some-other-secret-which-is-long-enough-000' }).sign(
        { sub: account.id },
        { audience: 'access' },
      );
      expect((await t.http.get('/v1/usage').auth(forged, { type: 'bearer' }).expect(401)).body.error_code).toBe('INVALID_TOKEN');
      const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: account.id, aud: 'access', exp: 9999999999 })).toString('base64url')}.`;
      expect((await t.http.get('/v1/usage').auth(none, { type: 'bearer' }).expect(401)).body.error_code).toBe('INVALID_TOKEN');
    });

    it('a verification token can never authenticate a request', async () => {
      const jwt = new JwtService({ secret: t.config.auth.jwtSecret });
      const verification = jwt.sign({ sub: account.id }, { audience: 'email-verification', jwtid: 'evt_x', expiresIn: 3600 });
      expect((await t.http.get('/v1/usage').auth(verification, { type: 'bearer' }).expect(401)).body.error_code).toBe('INVALID_TOKEN');
    });

    it('401 INVALID_API_KEY for an unknown key', async () => {
      const res = await t.http.get('/v1/usage').auth('mapr_live_0000000000000000000000000000000000000000', { type: 'bearer' }).expect(401);
      expect(res.body.error_code).toBe('INVALID_API_KEY');
    });

    it('401 INVALID_API_KEY for a revoked key, from its very next use', async () => {
      const created = await t.http
        .post('/v1/api-keys')
        .auth(account.accessToken, { type: 'bearer' })
        .send({ name: 'to revoke', mode: 'live' })
        .expect(201);
      await t.http.get('/v1/usage').auth(created.body.key, { type: 'bearer' }).expect(200);
      await t.http.delete(`/v1/api-keys/${created.body.id}`).auth(account.accessToken, { type: 'bearer' }).expect(204);
      const res = await t.http.get('/v1/usage').auth(created.body.key, { type: 'bearer' }).expect(401);
      expect(res.body.error_code).toBe('INVALID_API_KEY');
    });

    it('403 EMAIL_NOT_VERIFIED only on render creation', async () => {
      const unverified = await createAccount(t, { verified: false });
      await t.http.get('/v1/renders').auth(unverified.liveKey, { type: 'bearer' }).expect(200);
      expect(
        (await t.http.post('/v1/render').auth(unverified.accessToken, { type: 'bearer' }).send(renderBody()).expect(403)).body.error_code,
      ).toBe('EMAIL_NOT_VERIFIED');
    });

    it('public endpoints need no credentials', async () => {
      await t.http.get('/health/live').expect(200);
      await t.http.get('/docs-json').expect(200);
    });
  });

  describe('sessions', () => {
    const bearer = { type: 'bearer' } as const;
    const logIn = async (email: string, password: string): Promise<string> =>
      (await t.http.post('/v1/auth/login').send({ email, password }).expect(200)).body.accessToken;

    it('logs out one token at once; the account’s other sessions and its API keys go on', async () => {
      const account = await createAccount(t);
      const other = await logIn(account.email, account.password);
      await t.http.get('/v1/account').auth(account.accessToken, bearer).expect(200);
      await t.http.post('/v1/auth/logout').auth(account.accessToken, bearer).expect(204);
      const ended = await t.http.get('/v1/account').auth(account.accessToken, bearer).expect(401);
      expect(ended.body.error_code).toBe('INVALID_TOKEN');
      await t.http.post('/v1/api-keys').auth(account.accessToken, bearer).send({ name: 'x', mode: 'live' }).expect(401);
      await t.http.get('/v1/account').auth(other, bearer).expect(200);
      await t.http.get('/v1/account').auth(account.liveKey, bearer).expect(200);
      // An API key has no session to end.
      expect((await t.http.post('/v1/auth/logout').auth(account.liveKey, bearer).expect(403)).body.error_code).toBe(
        'ACCESS_TOKEN_REQUIRED',
      );
    });

    it('logs out everywhere: every token ends, API keys go on, and a new login works', async () => {
      const account = await createAccount(t);
      const other = await logIn(account.email, account.password);
      await t.http.post('/v1/auth/logout-everywhere').auth(account.accessToken, bearer).expect(204);
      for (const token of [account.accessToken, other]) await t.http.get('/v1/account').auth(token, bearer).expect(401);
      await t.http.get('/v1/account').auth(account.liveKey, bearer).expect(200);
      await t.http
        .get('/v1/account')
        .auth(await logIn(account.email, account.password), bearer)
        .expect(200);
    });

    it('asks a session over an hour old for the password before it creates an API key', async () => {
      const account = await createAccount(t, { keys: false });
      const jwt = new JwtService({ secret: t.config.auth.jwtSecret });
      const twoHoursAgo = Math.floor(Date.now() / 1000) - 7200;
      const old = jwt.sign(
        { sub: account.id, ver: 0, iat: twoHoursAgo, exp: twoHoursAgo + 24 * 3600 },
        { audience: 'access', algorithm: 'HS256', jwtid: 'old-session' },
      );
      await t.http.get('/v1/account').auth(old, bearer).expect(200);
      const missing = await t.http.post('/v1/api-keys').auth(old, bearer).send({ name: 'ci', mode: 'live' }).expect(403);
      expect(missing.body).toMatchObject({ error_code: 'REAUTHENTICATION_REQUIRED', message: expect.stringContaining('password') });
      const wrong = await t.http.post('/v1/api-keys').auth(old, bearer).send({ name: 'ci', mode: 'live', password: 'not it at all' });
      expect(wrong.status).toBe(403);
      const made = await t.http
        .post('/v1/api-keys')
        .auth(old, bearer)
        .send({ name: 'ci', mode: 'live', password: account.password })
        .expect(201);
      expect(JSON.stringify(made.body)).not.toContain(account.password);
      // A fresh session needs no password.
      await t.http.post('/v1/api-keys').auth(account.accessToken, bearer).send({ name: 'ci 2', mode: 'test' }).expect(201);
    });
  });

  describe('acts on credentials', () => {
    const bearer = { type: 'bearer' } as const;

    it('asks a session over an hour old to log in again before it reads or rotates the webhook secret or revokes a key', async () => {
      const account = await createAccount(t, { tier: 'studio' });
      const jwt = new JwtService({ secret: t.config.auth.jwtSecret });
      const twoHoursAgo = Math.floor(Date.now() / 1000) - 7200;
      const old = jwt.sign(
        { sub: account.id, ver: 0, iat: twoHoursAgo, exp: twoHoursAgo + 24 * 3600 },
        { audience: 'access', algorithm: 'HS256', jwtid: 'old-session-2' },
      );
      const keys = (await t.http.get('/v1/api-keys').auth(account.accessToken, bearer).expect(200)).body.api_keys;
      const keyId = keys.find((k: { mode: string }) => k.mode === 'live').id;
      const refusals = [
        [await t.http.get('/v1/webhooks/secret').auth(old, bearer), 'read the webhook secret'],
        [await t.http.post('/v1/webhooks/secret/rotate').auth(old, bearer), 'rotate the webhook secret'],
        [await t.http.delete(`/v1/api-keys/${keyId}`).auth(old, bearer), 'revoke an API key'],
      ] as const;
      for (const [res, action] of refusals) {
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ error_code: 'REAUTHENTICATION_REQUIRED', message: expect.stringContaining(`log in again`) });
        expect(res.body.message).toContain(action);
        expect(res.body).not.toHaveProperty('secret');
      }
      // Nothing was done: the key works, and no rotation happened.
      await t.http.get('/v1/account').auth(account.liveKey, bearer).expect(200);
      // The session still reads what is not a credential.
      await t.http.get('/v1/api-keys').auth(old, bearer).expect(200);
      // A fresh login does all three.
      const fresh = (await t.http.post('/v1/auth/login').send({ email: account.email, password: account.password }).expect(200)).body
        .accessToken;
      const secret = await t.http.get('/v1/webhooks/secret').auth(fresh, bearer).expect(200);
      expect(secret.body.previous_secret_expires_at).toBeNull();
      await t.http.post('/v1/webhooks/secret/rotate').auth(fresh, bearer).expect(200);
      await t.http.delete(`/v1/api-keys/${keyId}`).auth(fresh, bearer).expect(204);
      await t.http.get('/v1/account').auth(account.liveKey, bearer).expect(401);
    });
  });

  describe('password reset', () => {
    const bearer = { type: 'bearer' } as const;
    const forgot = (email: string) => t.http.post('/v1/auth/forgot-password').send({ email });
    const reset = (token: string, password: string) => t.http.post('/v1/auth/reset-password').send({ token, password });
    const outboxTo = (email: string) =>
      readdirSync(t.config.mail.outboxDir).filter((file) =>
        readFileSync(join(t.config.mail.outboxDir, file), 'utf8').includes(`To: ${email}`),
      );

    it('answers 202 with the same body for a known and an unknown address, and e-mails only the account', async () => {
      const account = await createAccount(t, { keys: false });
      const ghost = uniqueEmail('ghost');
      const known = await forgot(account.email.toUpperCase()).expect(202);
      const unknown = await forgot(ghost).expect(202);
      expect(known.body).toEqual({ message: expect.stringContaining('If an account uses this address'), expires_in_hours: 1 });
      expect(unknown.body).toEqual(known.body);
      const link = await passwordResetLinkFor(t, account.email);
      expect(link).toMatch(new RegExp(`^${t.baseUrl}/reset-password#token=`));
      expect(outboxTo(ghost)).toEqual([]);
      // Like the verification e-mail, nothing the registrant typed (the name) is in it.
      const mails = outboxTo(account.email).map((file) => readFileSync(join(t.config.mail.outboxDir, file), 'utf8'));
      expect(mails.find((raw) => raw.includes('reset-password#token='))).not.toContain('Test User');
    });

    it('sets a new password once through the e-mailed link: earlier tokens end, API keys go on, the new password logs in', async () => {
      const account = await createAccount(t);
      const other = (await t.http.post('/v1/auth/login').send({ email: account.email, password: account.password }).expect(200)).body
        .accessToken;
      await forgot(account.email).expect(202);
      const token = resetTokenOf(await passwordResetLinkFor(t, account.email));
      // A weak password is refused as at registration, and the link still works afterwards.
      const weak = await reset(token, 'short').expect(400);
      expect(weak.body).toMatchObject({ error_code: 'VALIDATION_ERROR', issues: [expect.objectContaining({ field: 'password' })] });
      const done = await reset(token, 'a brand new password').expect(200);
      expect(done.body).toEqual({ message: 'Password changed. Log in with your new password.' });
      for (const old of [account.accessToken, other]) {
        const refused = await t.http.get('/v1/account').auth(old, bearer).expect(401);
        expect(refused.body.error_code).toBe('INVALID_TOKEN');
      }
      await t.http.get('/v1/account').auth(account.liveKey, bearer).expect(200);
      await t.http.post('/v1/auth/login').send({ email: account.email, password: account.password }).expect(401);
      const login = await t.http.post('/v1/auth/login').send({ email: account.email, password: 'a brand new password' }).expect(200);
      await t.http.get('/v1/account').auth(login.body.accessToken, bearer).expect(200);
      const again = await reset(token, 'yet another password').expect(400);
      expect(again.body).toMatchObject({ error_code: 'INVALID_RESET_TOKEN', request_id: expect.any(String) });
      await t.http.post('/v1/auth/login').send({ email: account.email, password: 'yet another password' }).expect(401);
    });

    it('refuses an expired link, a link from before a logout everywhere, and garbage; a reset token never authenticates', async () => {
      const account = await createAccount(t, { keys: false, verified: false });
      await forgot(account.email).expect(202);
      const first = await passwordResetLinkFor(t, account.email);
      const token = resetTokenOf(first);
      await t.http.get('/v1/account').auth(token, bearer).expect(401);
      const jwt = new JwtService({ secret: t.config.auth.jwtSecret });
      const claims = jwt.decode(token);
      const twoHoursAgo = Math.floor(Date.now() / 1000) - 7200;
      const expired = jwt.sign({ ...claims, iat: twoHoursAgo, exp: twoHoursAgo + 3600 }, { algorithm: 'HS256' });
      for (const bad of [expired, 'not-a-token'])
        expect((await reset(bad, 'a brand new password').expect(400)).body.error_code).toBe('INVALID_RESET_TOKEN');
      await t.http.post('/v1/auth/logout-everywhere').auth(account.accessToken, bearer).expect(204);
      expect((await reset(token, 'a brand new password').expect(400)).body.error_code).toBe('INVALID_RESET_TOKEN');
      // A link asked for afterwards works, and (opened from the inbox) verifies the address.
      await forgot(account.email).expect(202);
      await reset(resetTokenOf(await passwordResetLinkFor(t, account.email, first)), 'a brand new password').expect(200);
      const login = await t.http.post('/v1/auth/login').send({ email: account.email, password: 'a brand new password' }).expect(200);
      expect((await t.http.get('/v1/account').auth(login.body.accessToken, bearer).expect(200)).body.emailVerified).toBe(true);
    });

    it('takes a never-verified account from whoever registered it: its keys are revoked, its secrets renewed, the address verified', async () => {
      // A squatter registers the owner's address (never verified) and holds keys, the webhook secret and a listen secret.
      const squatter = await createAccount(t, { verified: false });
      await t.http.get('/v1/account').auth(squatter.liveKey, bearer).expect(200);
      const secrets = (await t.http.get('/v1/webhooks/secret').auth(squatter.accessToken, bearer).expect(200)).body;
      const listenSecret = async (key: string) => (await t.http.get('/v1/events/listen-secret').auth(key, bearer).expect(200)).body.secret;
      const listenSecrets = [await listenSecret(squatter.liveKey), await listenSecret(squatter.testKey)];
      // The owner resets the password through the link mailed to the address.
      await forgot(squatter.email).expect(202);
      await reset(resetTokenOf(await passwordResetLinkFor(t, squatter.email)), 'the owner’s own password').expect(200);
      for (const key of [squatter.liveKey, squatter.testKey])
        expect((await t.http.get('/v1/account').auth(key, bearer).expect(401)).body.error_code).toBe('INVALID_API_KEY');
      await t.http.get('/v1/account').auth(squatter.accessToken, bearer).expect(401);
      const owner = (await t.http.post('/v1/auth/login').send({ email: squatter.email, password: 'the owner’s own password' }).expect(200))
        .body.accessToken;
      expect((await t.http.get('/v1/account').auth(owner, bearer).expect(200)).body.emailVerified).toBe(true);
      const keys = (await t.http.get('/v1/api-keys').auth(owner, bearer).expect(200)).body.api_keys;
      expect(keys).toHaveLength(2);
      for (const key of keys) expect(key.revoked_at).toEqual(expect.any(String));
      // New secrets, and the old ones do not sign alongside for a day as after a rotation.
      const renewed = (await t.http.get('/v1/webhooks/secret').auth(owner, bearer).expect(200)).body;
      expect(renewed.secret).not.toBe(secrets.secret);
      expect(renewed.sandbox_secret).not.toBe(secrets.sandbox_secret);
      expect(renewed.previous_secret_expires_at).toBeNull();
      for (const mode of ['live', 'test']) {
        const key = (await t.http.post('/v1/api-keys').auth(owner, bearer).send({ name: mode, mode }).expect(201)).body.key;
        expect(listenSecrets).not.toContain(await listenSecret(key));
      }
    });
  });

  describe('API keys', () => {
    it('shows a key once, stores only a hash, and lists it without the secret', async () => {
      const account = await createAccount(t, { keys: false });
      const live = await t.http
        .post('/v1/api-keys')
        .auth(account.accessToken, { type: 'bearer' })
        .send({ name: 'Server', mode: 'live' })
        .expect(201);
      expect(live.body).toEqual({
        id: expect.stringMatching(/^key_/),
        name: 'Server',
        mode: 'live',
        key: expect.stringMatching(/^mapr_live_[0-9A-Za-z]{32,}$/),
        prefix: 'mapr_live_',
        last4: live.body.key.slice(-4),
        created_at: expect.any(String),
      });
      const test = await t.http
        .post('/v1/api-keys')
        .auth(account.accessToken, { type: 'bearer' })
        .send({ name: 'CI', mode: 'test' })
        .expect(201);
      expect(test.body.key).toMatch(/^mapr_test_/);
      const list = await t.http.get('/v1/api-keys').auth(account.accessToken, { type: 'bearer' }).expect(200);
      expect(list.body.api_keys).toHaveLength(2);
      expect(JSON.stringify(list.body)).not.toContain(live.body.key);
      expect(list.body.api_keys[0]).toEqual({
        id: test.body.id,
        name: 'CI',
        mode: 'test',
        prefix: 'mapr_test_',
        last4: test.body.last4,
        created_at: expect.any(String),
        last_used_at: null,
        revoked_at: null,
      });
    });

    it('are made for a verified e-mail address only: 403 EMAIL_NOT_VERIFIED with a sentence for a person, then 201', async () => {
      const account = await createAccount(t, { verified: false, keys: false });
      const refused = await t.http
        .post('/v1/api-keys')
        .auth(account.accessToken, { type: 'bearer' })
        .send({ name: 'Server', mode: 'live' })
        .expect(403);
      expect(refused.body).toEqual({
        error: expect.any(String),
        error_code: 'EMAIL_NOT_VERIFIED',
        message: expect.stringMatching(/^Verify your e-mail address before creating API keys/),
        request_id: expect.any(String),
      });
      await t.http.post('/v1/api-keys').auth(account.accessToken, { type: 'bearer' }).send({ name: 'CI', mode: 'test' }).expect(403);
      expect((await t.http.get('/v1/api-keys').auth(account.accessToken, { type: 'bearer' }).expect(200)).body.api_keys).toEqual([]);
      const link = new URL(verificationLinkFor(t, account.email));
      await t.http.get(`${link.pathname}${link.search}`).set('Accept', 'application/json').expect(200);
      await t.http.post('/v1/api-keys').auth(account.accessToken, { type: 'bearer' }).send({ name: 'Server', mode: 'live' }).expect(201);
    });

    it('are managed with an access token only, and only by their owner', async () => {
      const a = await createAccount(t);
      const b = await createAccount(t);
      const res = await t.http.post('/v1/api-keys').auth(a.liveKey, { type: 'bearer' }).send({ name: 'x', mode: 'live' }).expect(403);
      expect(res.body.error_code).toBe('ACCESS_TOKEN_REQUIRED');
      const bKeys = await t.http.get('/v1/api-keys').auth(b.accessToken, { type: 'bearer' }).expect(200);
      await t.http.delete(`/v1/api-keys/${bKeys.body.api_keys[0].id}`).auth(a.accessToken, { type: 'bearer' }).expect(404);
      await t.http.get('/v1/usage').auth(b.testKey, { type: 'bearer' }).expect(200);
    });

    it('validates name and mode', async () => {
      const account = await createAccount(t, { keys: false });
      const res = await t.http
        .post('/v1/api-keys')
        .auth(account.accessToken, { type: 'bearer' })
        .send({ name: '', mode: 'prod' })
        .expect(400);
      expect(res.body.issues.map((i: { field: string }) => i.field).sort()).toEqual(['mode', 'name']);
    });
  });

  it('GET /v1/account shows the tier and its limits, and the self-serve plans with theirs', async () => {
    const account = await createAccount(t, { tier: 'creator' });
    const res = await t.http.get('/v1/account').auth(account.liveKey, { type: 'bearer' }).expect(200);
    expect(res.body).toEqual({
      id: account.id,
      email: account.email,
      name: 'Test User',
      emailVerified: true,
      tier: 'creator',
      limits: {
        renders_per_month: 50,
        max_duration_seconds: 15,
        resolutions: ['720p', '1080p', '4k'],
        requests_per_minute: 30,
        concurrent_jobs: 3,
        preview_stills_per_minute: 12,
        sandbox_renders_per_day: 100,
        queued_jobs: 150,
      },
      plans: [
        expect.objectContaining({ tier: 'free', name: 'Free' }),
        expect.objectContaining({ tier: 'creator', name: 'Creator' }),
        expect.objectContaining({ tier: 'studio', name: 'Studio' }),
      ],
      created_at: expect.any(String),
    });
    // The plans' limits are those an account on each plan is given.
    expect(res.body.plans[1].limits).toEqual(res.body.limits);
    expect(res.body.plans[2].limits).toMatchObject({ max_duration_seconds: 45, resolutions: ['720p', '1080p', '4k'] });
  });
});
