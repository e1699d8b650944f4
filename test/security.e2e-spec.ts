/**
 * The hardening a security review asked for (docs/security.md): headers on every response, no caching of responses
 * that carry a secret, /health/ready's detail kept to the machine and the operator, login limits counted before the
 * password is checked, aimed at the source and never locking the owner out (ADR 0037), reset e-mails limited per
 * source, and slow-header clients cut off. The
 * app trusts one proxy, so each request's source is its X-Forwarded-For.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { loadConfiguration } from '../src/config';
import { AttemptLimiter, loginLimits } from '../src/modules/auth/testing';
import { createAccount, passwordResetLinkFor, resetTokenOf, startTestApp, TestApp } from './support/test-app';

const bearer = { type: 'bearer' } as const;
const HEALTH_TOKEN = 'health-token-0123456789abcdef';

describe('Security headers, secrets uncached, health detail, login limits, slow headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY_HOPS: '1', HEALTH_DETAIL_TOKEN: HEALTH_TOKEN, HTTP_HEADERS_TIMEOUT_MS: '1000' });
  });
  afterAll(() => t?.close());

  it('marks every response nosniff and unframeable, and gives the API docs a content security policy', async () => {
    const account = await createAccount(t, { keys: true });
    for (const res of [
      await t.http.get('/v1/account').auth(account.liveKey, bearer).expect(200),
      await t.http.get('/v1/nothing-here').expect(404),
      await t.http.get('/health/live').expect(200),
    ]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
    const docs = await t.http.get('/docs').redirects(1).expect(200);
    expect(docs.headers['content-type']).toMatch(/text\/html/);
    expect(docs.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(docs.headers['content-security-policy']).toContain("script-src 'self'");
    // Swagger UI's page loads its scripts from files: the policy lets it run.
    expect(docs.text).not.toMatch(/<script>(?!\s*<\/script>)/);
  });

  it('answers every response that carries a secret with Cache-Control: no-store', async () => {
    const account = await createAccount(t, { keys: false });
    const login = await t.http.post('/v1/auth/login').send({ email: account.email, password: account.password }).expect(200);
    const key = await t.http.post('/v1/api-keys').auth(account.accessToken, bearer).send({ name: 'ci', mode: 'live' }).expect(201);
    const secret = await t.http.get('/v1/webhooks/secret').auth(account.accessToken, bearer).expect(200);
    const rotated = await t.http.post('/v1/webhooks/secret/rotate').auth(account.accessToken, bearer).expect(200);
    const listen = await t.http.get('/v1/events/listen-secret').auth(key.body.key, bearer).expect(200);
    const events = await t.http.get('/v1/events').auth(key.body.key, bearer).expect(200);
    for (const res of [login, key, secret, rotated, listen, events]) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('shows /health/ready’s detail to the machine itself and to the operator’s token, the status alone to others', async () => {
    const local = await t.http.get('/health/ready').expect(200);
    expect(local.body).toMatchObject({ status: 'ok', info: { queue: expect.any(Object), database: { status: 'up' } } });
    const outsider = await t.http.get('/health/ready').set('X-Forwarded-For', '198.51.100.4').expect(200);
    expect(outsider.body).toEqual({ status: 'ok' });
    const wrongToken = await t.http.get('/health/ready').set('X-Forwarded-For', '198.51.100.4').set('X-Health-Token', 'nope');
    expect(wrongToken.body).toEqual({ status: 'ok' });
    const operator = await t.http.get('/health/ready').set('X-Forwarded-For', '198.51.100.4').set('X-Health-Token', HEALTH_TOKEN);
    expect(operator.body).toMatchObject({ status: 'ok', info: { queue: expect.any(Object) } });
  });

  const login = (email: string, password: string, from: string) =>
    t.http.post('/v1/auth/login').set('X-Forwarded-For', from).send({ email, password });

  it('counts parallel guesses before checking them: of 25 at once, 10 are checked and 15 refused', async () => {
    const account = await createAccount(t, { keys: false });
    const answers = await Promise.all(Array.from({ length: 25 }, () => login(account.email, 'wrong password', '198.51.100.9')));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    for (const res of answers.filter((r) => r.status === 429)) {
      expect(res.body.error_code).toBe('TOO_MANY_ATTEMPTS');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The right password from that source waits too.
    await login(account.email, account.password, '198.51.100.9').expect(429);
  });

  it('slows the guessing source, not the account: its owner still logs in from elsewhere', async () => {
    const account = await createAccount(t, { keys: false });
    for (let i = 0; i < 10; i++) await login(account.email, 'wrong password', '198.51.100.23').expect(401);
    await login(account.email, 'wrong password', '198.51.100.23').expect(429);
    await login(account.email, account.password, '203.0.113.7').expect(200);
    // A good password takes nothing from the source's own allowance.
    for (let i = 0; i < 12; i++) await login(account.email, account.password, '203.0.113.7').expect(200);
  });

  it('never locks the owner out: after 110 guesses from 11 sources a source that has not failed logs in; a reset clears the e-mail', async () => {
    const account = await createAccount(t, { keys: false });
    const wrong = (from: string) => login(account.email, 'wrong password', from);
    // 100 wrong guesses from 10 sources, 10 each, counted as the login counts them (a password check each would take
    // the suite 30 s; the first test above makes real ones, and attempt-limiter.service.spec.ts the same 110).
    const limiter = t.app.get(AttemptLimiter);
    for (let source = 1; source <= 10; source++)
      for (let i = 0; i < 10; i++) await limiter.consumeLogin(loginLimits(account.email, `198.51.100.${source}`));
    await wrong('198.51.100.3').expect(429);
    // The e-mail has had its 100: a source new to it gets one guess, then waits, as the guessing sources do.
    await wrong('198.51.100.11').expect(401);
    const slowed = await wrong('198.51.100.11').expect(429);
    expect(slowed.body).toMatchObject({ error_code: 'TOO_MANY_ATTEMPTS', retry_after_seconds: expect.any(Number) });
    // The owner's password from a source that has not failed logs in; from one that guessed, it waits.
    await login(account.email, account.password, '203.0.113.70').expect(200);
    await login(account.email, account.password, '198.51.100.11').expect(429);
    // The owner mistypes once at home, and waits there too; a reset from home clears the e-mail's counters.
    await wrong('203.0.113.80').expect(401);
    await login(account.email, account.password, '203.0.113.80').expect(429);
    const forgot = (from: string) => t.http.post('/v1/auth/forgot-password').set('X-Forwarded-For', from).send({ email: account.email });
    await forgot('203.0.113.80').expect(202);
    const token = resetTokenOf(await passwordResetLinkFor(t, account.email));
    await t.http
      .post('/v1/auth/reset-password')
      .set('X-Forwarded-For', '203.0.113.80')
      .send({ token, password: 'a new password' })
      .expect(200);
    await login(account.email, 'a new password', '203.0.113.80').expect(200);
    // Sources that tried the e-mail before start afresh on it (their own limit still holds where it is full).
    await login(account.email, 'a new password', '198.51.100.11').expect(200);
    await login(account.email, 'a new password', '198.51.100.3').expect(429);
  });

  it('counts login and reset sources per IPv6 /64: a host cannot take a new address for every guess', async () => {
    const account = await createAccount(t, { keys: false });
    for (let i = 1; i <= 10; i++) await login(account.email, 'wrong password', `2001:db8:77:1::${i.toString(16)}`).expect(401);
    await login(account.email, 'wrong password', '2001:db8:77:1:abcd:ef01:2345:6789').expect(429);
    await login(account.email, account.password, '2001:db8:77:2::1').expect(200);
    const forgot = (from: string) =>
      t.http
        .post('/v1/auth/forgot-password')
        .set('X-Forwarded-For', from)
        .send({ email: `v6-${Date.now()}-${from.replace(/:/g, '-')}@example.com` });
    for (let i = 1; i <= 20; i++) await forgot(`2001:db8:78:1::${i.toString(16)}`).expect(202);
    await forgot('2001:db8:78:1::ffff').expect(429);
    await forgot('2001:db8:78:2::1').expect(202);
  });

  it('sends at most 5 reset e-mails an hour to an address, answering alike; requests from elsewhere never stop the owner’s reset', async () => {
    const forgot = (email: string, from: string) => t.http.post('/v1/auth/forgot-password').set('X-Forwarded-For', from).send({ email });
    const ghost = `flood-${Date.now()}@example.com`;
    const account = await createAccount(t, { keys: false });
    const bodies = [];
    for (let i = 1; i <= 7; i++) {
      bodies.push((await forgot(ghost, `192.0.2.${i}`).expect(202)).body);
      bodies.push((await forgot(account.email, `192.0.2.${i}`).expect(202)).body);
    }
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    const outbox = t.config.mail.outboxDir;
    const resetMails = async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return readdirSync(outbox).filter((file) => {
        const raw = readFileSync(join(outbox, file), 'utf8');
        return raw.includes(`To: ${account.email}`) && raw.includes('reset-password#token=');
      }).length;
    };
    expect(await resetMails()).toBe(5);
    // The owner asks too, from home: no sixth e-mail, but the newest link in the inbox works.
    await forgot(account.email, '203.0.113.90').expect(202);
    expect(await resetMails()).toBe(5);
    await t.http
      .post('/v1/auth/reset-password')
      .send({ token: resetTokenOf(await passwordResetLinkFor(t, account.email)), password: 'a brand new password' })
      .expect(200);
    // A successful reset clears the address's count: a link can be asked for again.
    await forgot(account.email, '203.0.113.90').expect(202);
    expect(await resetMails()).toBe(6);
  });

  it('limits password reset e-mails per source: 20 an hour across addresses, then 429; other sources go on', async () => {
    const forgot = (email: string, from: string) => t.http.post('/v1/auth/forgot-password').set('X-Forwarded-For', from).send({ email });
    for (let i = 0; i < 20; i++) await forgot(`probe-${i}-${Date.now()}@example.com`, '198.51.100.41').expect(202);
    const limited = await forgot(`probe-last-${Date.now()}@example.com`, '198.51.100.41').expect(429);
    expect(limited.body).toMatchObject({ error_code: 'TOO_MANY_ATTEMPTS', retry_after_seconds: expect.any(Number) });
    await forgot(`probe-last-${Date.now()}@example.com`, '203.0.113.41').expect(202);
  });

  it('cuts off a client that sends its headers too slowly', async () => {
    const socket = connect(Number(new URL(t.baseUrl).port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const started = Date.now();
    // Half a request line, then a byte now and then: never the blank line that ends the headers.
    socket.write('GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const drip = setInterval(() => socket.write('X'), 300);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    await new Promise<void>((resolve) => socket.once('close', () => resolve()));
    clearInterval(drip);
    const heldMs = Date.now() - started;
    expect(heldMs).toBeGreaterThanOrEqual(900);
    // Closed, not held for ever (a drip every 300 ms would keep a socket without a headers deadline open).
    expect(heldMs).toBeLessThan(15_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ error_code: 'REQUEST_TIMEOUT' });
  });
});

describe('Registration per source', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The documented defaults (5 an hour, 20 a day), which startTestApp raises for the other suites' accounts.
    const defaults = loadConfiguration({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/mapr-config-spec' });
    expect(defaults.auth.registrationsPerSource).toEqual({ hour: 5, day: 20 });
    t = await startTestApp({ TRUST_PROXY_HOPS: '1', REGISTRATIONS_PER_SOURCE_PER_HOUR: '5', REGISTRATIONS_PER_SOURCE_PER_DAY: '20' });
  });
  afterAll(() => t?.close());

  const register = (email: string, from: string) =>
    t.http.post('/v1/auth/register').set('X-Forwarded-For', from).send({ email, password: 'correct horse battery', name: 'Someone' });

  it('allows 5 accounts an hour from one source, the 409 of a taken address included, then 429 with Retry-After; other sources go on', async () => {
    const taken = `taken-${Date.now()}@example.com`;
    await register(taken, '203.0.113.200').expect(201);
    for (let i = 1; i <= 4; i++) await register(`signup-${i}-${Date.now()}@example.com`, '198.51.100.200').expect(201);
    // Finding out that an address has an account (409, which the contract keeps) spends one too.
    expect((await register(taken, '198.51.100.200').expect(409)).body.error_code).toBe('EMAIL_ALREADY_REGISTERED');
    const refused = await register(`signup-6-${Date.now()}@example.com`, '198.51.100.200').expect(429);
    expect(refused.body).toEqual({
      error: expect.any(String),
      error_code: 'TOO_MANY_ATTEMPTS',
      message: expect.stringMatching(/^Too many accounts were created from your network lately; try again in \d+ minutes?\.$/),
      request_id: expect.any(String),
      retry_after_seconds: expect.any(Number),
    });
    expect(refused.body.retry_after_seconds).toBeGreaterThan(3000);
    expect(refused.headers['retry-after']).toBe(String(refused.body.retry_after_seconds));
    await register(`signup-7-${Date.now()}@example.com`, '198.51.100.201').expect(201);
  });

  it('counts an IPv6 source per /64', async () => {
    for (let i = 1; i <= 5; i++) await register(`v6-${i}-${Date.now()}@example.com`, `2001:db8:99:1::${i}`).expect(201);
    await register(`v6-6-${Date.now()}@example.com`, '2001:db8:99:1:ffff::1').expect(429);
    await register(`v6-7-${Date.now()}@example.com`, '2001:db8:99:2::1').expect(201);
  });
});
