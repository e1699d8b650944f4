import { classifyIpAddress } from './address-classification';

describe('classifyIpAddress', () => {
  it.each([
    ['8.8.8.8'],
    ['1.1.1.1'],
    ['93.184.215.14'],
    ['172.32.0.1'], // just past 172.16/12
    ['100.128.0.1'], // just past 100.64/10
    ['2606:4700:4700::1111'],
    ['2a00:1450:4001:82a::200e'],
    ['::ffff:8.8.8.8'], // IPv4-mapped public address
    ['64:ff9b::808:808'], // NAT64 of 8.8.8.8
    ['2002:808:808::1'], // 6to4 around 8.8.8.8
  ])('%s is public', (address) => {
    expect(classifyIpAddress(address)).toMatchObject({ isPublic: true, isMetadata: false });
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.1.1', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['100.127.255.255', 'carrierGradeNat'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['febf::1', 'linkLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['fdff:ffff::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['fec0::1', 'deprecatedSiteLocal'],
    ['::7f00:1', 'ipv4Compatible'],
    ['fe80::1%eth0', 'linkLocal'],
    ['::8.8.8.8', 'ipv4Compatible'],
    ['64:ff9b:1::a00:1', 'nat64LocalUse'],
    ['not-an-address', 'invalid'],
  ])('%s is not public (%s)', (address, range) => {
    expect(classifyIpAddress(address)).toMatchObject({ isPublic: false, range });
  });

  it.each([
    ['::ffff:127.0.0.1', 'ipv4Mapped', 'loopback'],
    ['::ffff:7f00:1', 'ipv4Mapped', 'loopback'],
    ['0:0:0:0:0:ffff:10.0.0.1', 'ipv4Mapped', 'private'],
    ['::ffff:0:a9fe:101', 'rfc6145', 'linkLocal'],
    ['64:ff9b::7f00:1', 'rfc6052', 'loopback'],
    ['64:ff9b::c0a8:101', 'rfc6052', 'private'],
    ['2002:7f00:1::1', '6to4', 'loopback'],
    ['2002:c0a8:101::', '6to4', 'private'],
    // Teredo: server 65.54.227.120 (public), client 192.168.1.1 obfuscated as 3f57:fefe.
    ['2001:0:4136:e378:8000:63bf:3f57:fefe', 'teredo', 'private'],
    // Teredo with a loopback server part.
    ['2001:0:7f00:1:8000:63bf:3fff:fdd2', 'teredo', 'loopback'],
  ])('%s embeds a non-public IPv4 address (%s around %s)', (address, embeddedIn, range) => {
    expect(classifyIpAddress(address)).toMatchObject({ isPublic: false, embeddedIn, range });
  });

  it('lets a Teredo address through when both embedded addresses are public', () => {
    // server 65.54.227.120 (4136:e378), client 8.8.4.4 obfuscated as f7f7:fbfb
    expect(classifyIpAddress('2001:0:4136:e378:8000:63bf:f7f7:fbfb')).toMatchObject({ isPublic: true, range: 'teredo' });
  });

  it.each([
    '169.254.169.254',
    '169.254.170.2',
    '100.100.100.200',
    '192.0.0.192',
    'fd00:ec2::254',
    '::ffff:169.254.169.254',
    '64:ff9b::a9fe:a9fe',
  ])('%s is a metadata endpoint', (address) => {
    expect(classifyIpAddress(address)).toMatchObject({ isPublic: false, isMetadata: true });
  });
});
