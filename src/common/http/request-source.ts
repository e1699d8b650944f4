import { isIPv6 } from 'node:net';

/**
 * Who a request comes from, for limits that count sources (anonymous requests, logins, password reset e-mails,
 * registrations): its IPv4 address, or the /64 network of an IPv6 one. One IPv6 host commonly holds a whole /64 and
 * could change address for every request; a /64 is what one subscriber gets.
 */
export function requestSource(ip: string): string {
  const v4Mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (v4Mapped) return v4Mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = ip.includes('::') ? [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups] : headGroups;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
