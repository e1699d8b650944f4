import * as ipaddr from 'ipaddr.js';

/**
 * Where an IP address points, as far as webhook delivery cares.
 *
 * `range` is ipaddr.js's range name ('unicast' for ordinary public addresses; 'loopback', 'private',
 * 'linkLocal', 'carrierGradeNat', 'uniqueLocal', 'multicast', 'unspecified', 'broadcast', 'reserved', …) or
 * one of ours ('ipv4Compatible', 'nat64LocalUse', 'invalid'). For IPv6 forms that embed an IPv4 address
 * (IPv4-mapped, IPv4-translated, NAT64, 6to4, Teredo) the embedded address decides, and `embeddedIn` names
 * the wrapper.
 */
export interface AddressClassification {
  isPublic: boolean;
  /** A cloud instance-metadata endpoint: never a webhook target, not even with private targets allowed. */
  isMetadata: boolean;
  range: string;
  embeddedIn?: string;
}

/**
 * Instance-metadata services (AWS/GCP/Azure/OpenStack/DigitalOcean 169.254.169.254, AWS ECS task metadata,
 * Alibaba Cloud, Oracle Cloud, AWS IPv6 IMDS). They hand out cloud credentials to whoever asks.
 */
const METADATA_ADDRESSES = new Set(['169.254.169.254', '169.254.170.2', '100.100.100.200', '192.0.0.192', 'fd00:ec2::254']);

/** NAT64 local-use prefix (RFC 8215): its embedding varies by operator, so it cannot be decoded safely. */
const NAT64_LOCAL_USE = ipaddr.IPv6.parseCIDR('64:ff9b:1::/48');

export function classifyIpAddress(address: string): AddressClassification {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // parse(), not process(): process() would silently unwrap ::ffff:a.b.c.d before we look at it.
    parsed = ipaddr.parse(address.includes(':') ? canonicalIpv6(address) : address);
  } catch {
    return { isPublic: false, isMetadata: false, range: 'invalid' };
  }
  return parsed.kind() === 'ipv4' ? classifyIpv4(parsed as ipaddr.IPv4) : classifyIpv6(parsed as ipaddr.IPv6);
}

function classifyIpv4(address: ipaddr.IPv4): AddressClassification {
  const range = address.range();
  return { isPublic: range === 'unicast', isMetadata: METADATA_ADDRESSES.has(address.toString()), range };
}

function classifyIpv6(address: ipaddr.IPv6): AddressClassification {
  const range = address.range();
  const isMetadata = METADATA_ADDRESSES.has(address.toString());
  const parts = address.parts;

  switch (range) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // ::ffff:0:a.b.c.d
      return embedded(range, [ipv4FromWords(parts[6], parts[7])]);
    case 'rfc6052': // NAT64 64:ff9b::a.b.c.d, or the local-use 64:ff9b:1::/48
      if (address.match(NAT64_LOCAL_USE)) return { isPublic: false, isMetadata, range: 'nat64LocalUse' };
      return embedded(range, [ipv4FromWords(parts[6], parts[7])]);
    case '6to4': // 2002:AABB:CCDD::/48 carries a.b.c.d = AA.BB.CC.DD
      return embedded(range, [ipv4FromWords(parts[1], parts[2])]);
    case 'teredo': // 2001:0:<server v4>:<flags>:<port>:<client v4 XOR 0xffffffff>
      return embedded(range, [ipv4FromWords(parts[2], parts[3]), ipv4FromWords(parts[6] ^ 0xffff, parts[7] ^ 0xffff)]);
    case 'unicast':
      // ::a.b.c.d (deprecated IPv4-compatible, RFC 4291 §2.5.5.1): no public host uses it, and stacks that
      // still route it reach the embedded IPv4 address, so refuse the whole ::/96.
      if (parts.slice(0, 6).every((word) => word === 0)) return { isPublic: false, isMetadata, range: 'ipv4Compatible' };
      return { isPublic: true, isMetadata, range };
    default:
      return { isPublic: false, isMetadata, range };
  }
}

/** An IPv6 wrapper is as public as the IPv4 addresses inside it; the first non-public one decides. */
function embedded(wrapper: string, inner: ipaddr.IPv4[]): AddressClassification {
  const verdicts = inner.map(classifyIpv4);
  const metadata = verdicts.find((v) => v.isMetadata);
  const blocking = metadata ?? verdicts.find((v) => !v.isPublic);
  if (blocking === undefined) return { isPublic: true, isMetadata: false, range: wrapper };
  return { ...blocking, embeddedIn: wrapper };
}

/**
 * ipaddr.js reads any dotted tail as IPv4-mapped ("::8.8.8.8" comes back as ::ffff:8.8.8.8), so IPv6 text
 * goes through the WHATWG host parser first, which prints it in canonical hex form. A zone id (fe80::1%eth0)
 * only ever appears on link-local addresses and is dropped.
 */
function canonicalIpv6(address: string): string {
  const withoutZone = address.replace(/%.*$/, '');
  return new URL(`http://[${withoutZone}]/`).hostname.slice(1, -1);
}

function ipv4FromWords(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([(high >> 8) & 0xff, high & 0xff, (low >> 8) & 0xff, low & 0xff]);
}
