/**
 * Who a request counts as, for the limits and the analytics' visitors: the address, except that an IPv6 client
 * counts by its /64 network (one subscriber holds a whole /64, so a new address per request would not be a new
 * client), and an IPv4 address written as IPv6 (::ffff:a.b.c.d) is that IPv4 address. Used only inside keyed hashes,
 * never stored.
 */
export function clientOf(ip: string): string {
  if (!ip.includes(':') || /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip)) return ip.replace(/^::ffff:/i, '');
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
