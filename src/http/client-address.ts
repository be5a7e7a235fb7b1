/**
 * A client's address as one key for per-client counts (ADR 0065). An IPv4 address is itself (also
 * when it comes IPv4-mapped, `::ffff:a.b.c.d`, from a dual-stack listener); an IPv6 address is its
 * /64, since one subscriber is commonly given a whole /64 and could otherwise take a new address for
 * every try.
 */
export function clientAddressKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.replace(/%.*$/, '').split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  // A trailing dotted IPv4 part stands for two groups.
  const width = (groups: string[]) => groups.length + (groups.at(-1)?.includes('.') ? 1 : 0);
  const zeros = tail === undefined ? 0 : 8 - width(headGroups) - width(tailGroups);
  const groups = [...headGroups, ...Array<string>(Math.max(zeros, 0)).fill('0'), ...tailGroups];
  const prefix = groups.slice(0, 4).map((group) => (parseInt(group, 16) || 0).toString(16));
  return `${prefix.join(':')}::/64`;
}
