import { DomainError } from '../../../common/errors/domain-error';
import {
  assertPublicWebhookUrl,
  checkWebhookUrlSyntax,
  recheckResolvedTarget,
  resolveWebhookTarget,
  type HostResolver,
  type ResolvedTarget,
} from './webhook-url-policy';
import { HTTP_ERRORS } from '../../../http-errors';
import { WebhookUrlRejectedError } from '../webhooks.errors';

const STRICT = { allowPrivate: false };
const LENIENT = { allowPrivate: true };

/** A resolver that answers from a table, so no test depends on real DNS. */
function fakeResolver(table: Record<string, string[]>): HostResolver & { calls: string[] } {
  const calls: string[] = [];
  const resolver = async (hostname: string) => {
    calls.push(hostname);
    const addresses = table[hostname];
    if (addresses === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolver, { calls });
}

function reasonOf(url: string, options = STRICT): string | undefined {
  const check = checkWebhookUrlSyntax(url, options);
  return check.ok ? undefined : check.rejection.reason;
}

describe('checkWebhookUrlSyntax', () => {
  it.each([
    'https://hooks.example.com/mapr',
    'http://hooks.example.com:8080/path?x=1',
    'https://8.8.8.8/hook',
    'https://[2606:4700:4700::1111]/hook',
    'HTTPS://Hooks.Example.COM/Path',
    'https://hooks.example.com./trailing-dot-fqdn',
  ])('accepts %s', (url) => {
    expect(checkWebhookUrlSyntax(url, STRICT)).toMatchObject({ ok: true });
  });

  it.each([
    ['ftp://example.com/', 'scheme_not_allowed'],
    ['file:///etc/passwd', 'scheme_not_allowed'],
    ['gopher://example.com:25/', 'scheme_not_allowed'],
    ['javascript:alert(1)', 'scheme_not_allowed'],
    ['ws://example.com/', 'scheme_not_allowed'],
    ['data:text/plain,hi', 'scheme_not_allowed'],
    ['https://user:pass@example.com/', 'credentials_in_url'],
    ['https://user@example.com/', 'credentials_in_url'],
    ['https://:pass@example.com/', 'credentials_in_url'],
    ['not a url', 'invalid_url'],
    ['/relative/path', 'invalid_url'],
    ['', 'invalid_url'],
    ['http://1.2.3.4.5/', 'invalid_url'],
    ['http://[fe80::1%25eth0]/', 'invalid_url'],
    [`https://example.com/${'a'.repeat(2100)}`, 'url_too_long'],
  ])('rejects %s as %s', (url, reason) => {
    expect(reasonOf(url)).toBe(reason);
  });

  describe('every spelling of a non-public address', () => {
    it.each([
      // loopback, in all the spellings WHATWG URL parsing folds into 127.0.0.1
      ['http://127.0.0.1/', 'loopback'],
      ['http://127.0.0.1:3000/', 'loopback'],
      ['http://127.1/', 'loopback'],
      ['http://2130706433/', 'loopback'],
      ['http://0x7f000001/', 'loopback'],
      ['http://0x7F.0.0.1/', 'loopback'],
      ['http://0177.0.0.1/', 'loopback'],
      ['http://017700000001/', 'loopback'],
      ['http://0x7f.1/', 'loopback'],
      ['http://127.0.0.1./', 'loopback'],
      ['http://%31%32%37.0.0.1/', 'loopback'],
      ['http://127.255.255.254/', 'loopback'],
      ['http://[::1]/', 'loopback'],
      ['http://[0:0:0:0:0:0:0:1]/', 'loopback'],
      ['http://[::ffff:127.0.0.1]/', 'ipv4Mapped:loopback'],
      ['http://[::ffff:7f00:1]/', 'ipv4Mapped:loopback'],
      ['http://[0:0:0:0:0:ffff:127.0.0.1]/', 'ipv4Mapped:loopback'],
      ['http://[::127.0.0.1]/', 'ipv4Compatible'],
      ['http://[::7f00:1]/', 'ipv4Compatible'],
      ['http://[64:ff9b::127.0.0.1]/', 'rfc6052:loopback'],
      ['http://[2002:7f00:1::]/', '6to4:loopback'],
      // private
      ['http://10.0.0.1/', 'private'],
      ['http://10.1/', 'private'],
      ['http://167772161/', 'private'],
      ['http://172.16.0.1/', 'private'],
      ['http://172.31.255.255/', 'private'],
      ['http://192.168.0.1/', 'private'],
      ['http://0xc0.0xa8.0.1/', 'private'],
      ['http://[::ffff:10.0.0.1]/', 'ipv4Mapped:private'],
      ['http://[::ffff:c0a8:101]/', 'ipv4Mapped:private'],
      ['http://[2002:c0a8:101::1]/', '6to4:private'],
      ['http://[2001:0:4136:e378:8000:63bf:3f57:fefe]/', 'teredo:private'],
      // link-local, CGNAT, multicast, unspecified, broadcast, reserved
      ['http://169.254.10.10/', 'linkLocal'],
      ['http://[fe80::1]/', 'linkLocal'],
      ['http://[FE80::abcd]/', 'linkLocal'],
      ['http://100.64.0.1/', 'carrierGradeNat'],
      ['http://100.127.255.254/', 'carrierGradeNat'],
      ['http://224.0.0.1/', 'multicast'],
      ['http://[ff02::1]/', 'multicast'],
      ['http://0.0.0.0/', 'unspecified'],
      ['http://0/', 'unspecified'],
      ['http://[::]/', 'unspecified'],
      ['http://255.255.255.255/', 'broadcast'],
      ['http://240.0.0.1/', 'reserved'],
      ['http://192.0.2.10/', 'reserved'],
      ['http://[2001:db8::1]/', 'reserved'],
      // IPv6 unique local
      ['http://[fc00::1]/', 'uniqueLocal'],
      ['http://[fd12:3456:789a::1]/', 'uniqueLocal'],
    ])('%s → private_address (%s)', (url, range) => {
      const check = checkWebhookUrlSyntax(url, STRICT);
      expect(check).toMatchObject({ ok: false, rejection: { reason: 'private_address', range } });
    });
  });

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://2852039166/',
    'http://0xa9fea9fe/',
    'http://[::ffff:169.254.169.254]/',
    'http://[fd00:ec2::254]/',
    'http://100.100.100.200/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://METADATA.GOOGLE.INTERNAL./',
    'http://metadata/',
    'http://instance-data/',
  ])('refuses the metadata endpoint %s even when private targets are allowed', (url) => {
    expect(reasonOf(url, STRICT)).toBe('metadata_endpoint');
    expect(reasonOf(url, LENIENT)).toBe('metadata_endpoint');
  });

  it.each([
    'http://localhost/',
    'http://localhost.:8080/',
    'http://LocalHost/',
    'http://LOCALHOST../',
    'http://ⓛocalhost/',
    'http://api.localhost/',
    'http://printer.local/',
    'http://db.internal/',
    'http://nas.home.arpa/',
    'http://intranet/',
    'http://redis:6379/',
  ])('refuses the local host name %s', (url) => {
    expect(reasonOf(url, STRICT)).toBe('local_hostname');
  });

  it('allows loopback and private targets, by address or by name, only when allowPrivate is set', () => {
    for (const url of [
      'http://127.0.0.1:3000/',
      'http://[::1]/',
      'http://10.1/',
      'http://localhost:8080/',
      'http://host.docker.internal/',
    ]) {
      expect(checkWebhookUrlSyntax(url, LENIENT)).toMatchObject({ ok: true });
      expect(checkWebhookUrlSyntax(url, STRICT)).toMatchObject({ ok: false });
    }
  });

  it('is strict when called without options', () => {
    expect(checkWebhookUrlSyntax('http://127.0.0.1/')).toMatchObject({ ok: false, rejection: { reason: 'private_address' } });
  });

  it('rejects before anything else can: a refused scheme wins over a private host', () => {
    expect(reasonOf('ftp://127.0.0.1/')).toBe('scheme_not_allowed');
  });

  it('gives a message that names no resolved address', () => {
    const check = checkWebhookUrlSyntax('http://10.0.0.7/', STRICT);
    expect(check.ok).toBe(false);
    if (!check.ok) {
      expect(check.rejection.message).not.toContain('10.0.0.7');
      expect(check.rejection.address).toBe('10.0.0.7');
    }
  });
});

describe('resolveWebhookTarget', () => {
  it('resolves a public name and lists every checked address with the URL parts a client needs', async () => {
    const resolveHost = fakeResolver({ 'hooks.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'] });
    const resolution = await resolveWebhookTarget('https://hooks.example.com/mapr/events?x=1#frag', { ...STRICT, resolveHost });
    expect(resolution).toEqual({
      ok: true,
      target: {
        url: 'https://hooks.example.com/mapr/events?x=1#frag',
        protocol: 'https:',
        hostname: 'hooks.example.com',
        port: 443,
        path: '/mapr/events?x=1',
        addresses: [
          { address: '93.184.215.14', family: 4 },
          { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
        ],
      },
    });
  });

  it('refuses a name when ANY of its addresses is not public', async () => {
    const resolveHost = fakeResolver({ 'mixed.example.com': ['93.184.215.14', '10.0.0.5'] });
    const resolution = await resolveWebhookTarget('https://mixed.example.com/', { ...STRICT, resolveHost });
    expect(resolution).toMatchObject({ ok: false, rejection: { reason: 'private_address', range: 'private', address: '10.0.0.5' } });
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'ipv4Mapped:loopback'],
    ['169.254.1.1', 'linkLocal'],
    ['fd00::1', 'uniqueLocal'],
    ['100.64.1.1', 'carrierGradeNat'],
  ])('refuses a public-looking name that resolves to %s', async (address, range) => {
    const resolveHost = fakeResolver({ 'rebind.example.com': [address] });
    const resolution = await resolveWebhookTarget('https://rebind.example.com/', { ...STRICT, resolveHost });
    expect(resolution).toMatchObject({ ok: false, rejection: { reason: 'private_address', range } });
  });

  it('refuses a name resolving to a metadata address even with allowPrivate', async () => {
    const resolveHost = fakeResolver({ 'sneaky.example.com': ['169.254.169.254'] });
    const resolution = await resolveWebhookTarget('http://sneaky.example.com/', { ...LENIENT, resolveHost });
    expect(resolution).toMatchObject({ ok: false, rejection: { reason: 'metadata_endpoint' } });
  });

  it('reports an unknown name, an empty answer, a non-IP answer and a hung resolver as unresolvable_host', async () => {
    const resolveHost = fakeResolver({ 'empty.example.com': [], 'garbage.example.com': ['not-an-ip'] });
    for (const host of ['nope.example.com', 'empty.example.com', 'garbage.example.com']) {
      await expect(resolveWebhookTarget(`https://${host}/`, { ...STRICT, resolveHost })).resolves.toMatchObject({
        ok: false,
        rejection: { reason: 'unresolvable_host' },
      });
    }
    const hung: HostResolver = () => new Promise(() => undefined);
    await expect(
      resolveWebhookTarget('https://slow.example.com/', { ...STRICT, resolveHost: hung, resolveTimeoutMs: 50 }),
    ).resolves.toMatchObject({ ok: false, rejection: { reason: 'unresolvable_host' } });
  });

  it('does not ask DNS about IP literals or syntactically refused URLs', async () => {
    const resolveHost = fakeResolver({});
    await resolveWebhookTarget('https://8.8.8.8/', { ...STRICT, resolveHost });
    await resolveWebhookTarget('http://localhost/', { ...STRICT, resolveHost });
    expect(resolveHost.calls).toEqual([]);
  });

  it('resolves localhost with the system resolver: refused by default, a loopback target with allowPrivate', async () => {
    await expect(resolveWebhookTarget('http://localhost:4000/', STRICT)).resolves.toMatchObject({
      ok: false,
      rejection: { reason: 'local_hostname' },
    });
    const lenient = await resolveWebhookTarget('http://localhost:4000/x', LENIENT);
    expect(lenient.ok).toBe(true);
    if (lenient.ok) {
      expect(lenient.target.port).toBe(4000);
      expect(lenient.target.addresses.length).toBeGreaterThan(0);
      for (const { address } of lenient.target.addresses) expect(['127.0.0.1', '::1']).toContain(address);
    }
  });

  it('keeps IPv6 literals without brackets and fills in default ports', async () => {
    const v6 = await resolveWebhookTarget('http://[2606:4700:4700::1111]/hook', STRICT);
    expect(v6).toMatchObject({ ok: true, target: { hostname: '2606:4700:4700::1111', port: 80, addresses: [{ family: 6 }] } });
  });
});

describe('assertPublicWebhookUrl', () => {
  it('returns the target for a public URL', async () => {
    const resolveHost = fakeResolver({ 'hooks.example.com': ['93.184.215.14'] });
    const target = await assertPublicWebhookUrl('http://hooks.example.com:8080/in', { ...STRICT, resolveHost });
    expect(target).toMatchObject({ hostname: 'hooks.example.com', port: 8080, path: '/in' });
  });

  it('throws a 400 VALIDATION_ERROR naming webhook_url and the reason code', async () => {
    const error = await assertPublicWebhookUrl('http://[::ffff:7f00:1]/', STRICT).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebhookUrlRejectedError);
    expect(error).toBeInstanceOf(DomainError);
    const domainError = error as WebhookUrlRejectedError;
    expect(HTTP_ERRORS[domainError.code].status).toBe(400);
    expect(domainError.code).toBe('VALIDATION_ERROR');
    expect(domainError.rejection.reason).toBe('private_address');
    expect(domainError.extra).toEqual({
      issues: [{ field: 'webhook_url', code: 'private_address', message: domainError.rejection.message }],
    });
  });
});

describe('recheckResolvedTarget', () => {
  const loopbackTarget: ResolvedTarget = {
    url: 'http://127.0.0.1:9/',
    protocol: 'http:',
    hostname: '127.0.0.1',
    port: 9,
    path: '/',
    addresses: [{ address: '127.0.0.1', family: 4 }],
  };

  it('refuses a target checked under allowPrivate once private targets are no longer allowed', () => {
    expect(recheckResolvedTarget(loopbackTarget, LENIENT)).toBeUndefined();
    expect(recheckResolvedTarget(loopbackTarget, STRICT)).toMatchObject({ reason: 'private_address' });
  });

  it('refuses a hand-built target whose addresses do not belong to a public host', () => {
    const forged: ResolvedTarget = { ...loopbackTarget, url: 'https://hooks.example.com/', hostname: 'hooks.example.com' };
    expect(recheckResolvedTarget(forged, STRICT)).toMatchObject({ reason: 'private_address' });
    expect(recheckResolvedTarget({ ...forged, addresses: [] }, STRICT)).toMatchObject({ reason: 'unresolvable_host' });
  });
});
