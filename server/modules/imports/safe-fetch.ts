import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { AppError } from '../../errors';

/**
 * Addresses a fetch on the operator's behalf must not reach: this machine, its private networks, link-local
 * (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast and reserved ranges. Otherwise an import could
 * read the server's neighbours.
 */
const BLOCKED = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  BLOCKED.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  BLOCKED.addSubnet(address, prefix, 'ipv6');
}

/** True for an address a fetch must not reach (IPv4-mapped IPv6 addresses are judged as the IPv4 they carry). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return BLOCKED.check(mapped, 'ipv4');
  const family = net.isIP(address);
  if (family === 0) return true;
  return BLOCKED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export type FetchLimits = {
  maxBytes: number;
  timeoutMs: number;
  /** IMPORT_ALLOW_PRIVATE_HOSTS: tests and a closed network fetch from local servers. */
  allowPrivate: boolean;
  maxRedirects?: number;
  /** Stops before asking an address this says is the answer (a short link's redirect to an item): its body is not read. */
  stopAt?: ((url: URL) => boolean) | undefined;
  /** Answers the first `maxBytes` of a longer body instead of refusing it (a page read only for the links it names). */
  truncate?: boolean | undefined;
  /** Answers any final status instead of refusing a non-2xx one (a link check reads 404 as its answer). */
  anyStatus?: boolean | undefined;
  /** The user-agent header sent ('Finder import' when absent). */
  userAgent?: string | undefined;
};

/** `status` is 0 when `stopAt` ended the walk (nothing was asked there). */
export type Fetched = { body: Buffer; contentType: string; url: string; status: number };

const refused = (url: URL) =>
  new AppError('VALIDATION', `${url.host} is refused: it points to a private, loopback or link-local network address.`);

/**
 * Refuses, before anything is fetched, an address whose host is a private, loopback or link-local network address
 * or resolves only to such addresses (a synced sheet's address when it is saved, issue 39; every fetch checks again
 * at connect time). A name that does not resolve now is left to the fetch.
 */
export async function refusePrivateAddress(address: string, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return;
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) !== 0) {
    if (isPrivateAddress(host)) throw refused(url);
    return;
  }
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true });
  } catch {
    return;
  }
  if (addresses.length > 0 && addresses.every((a) => isPrivateAddress(a.address))) throw refused(url);
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** A DNS lookup that refuses private answers, so the address checked is the address connected to (no rebinding). */
function guardedLookup(url: URL, allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const usable = allowPrivate ? addresses : addresses.filter((a) => !isPrivateAddress(a.address));
      if (usable.length === 0) return callback(refused(url), '');
      if (options.all) return callback(null, usable);
      const [first] = usable;
      return callback(null, first?.address ?? '', first?.family);
    });
  };
}

function getOnce(
  url: URL,
  limits: FetchLimits,
  deadline: AbortSignal,
): Promise<{ status: number; location?: string; contentType: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(host) !== 0 && !limits.allowPrivate && isPrivateAddress(host)) return reject(refused(url));
    const get = url.protocol === 'https:' ? https.get : http.get;
    const request = get(
      url,
      {
        lookup: guardedLookup(url, limits.allowPrivate) as never,
        signal: deadline,
        headers: { 'user-agent': limits.userAgent ?? 'Finder import', accept: '*/*' },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          return resolve({ status, location: response.headers.location, contentType: '', body: Buffer.alloc(0) });
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > limits.maxBytes && !limits.truncate) {
          response.destroy();
          return reject(new AppError('TOO_LARGE', `${url.host} sent more than ${Math.round(limits.maxBytes / 1024 / 1024)} MB.`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limits.maxBytes && limits.truncate) {
            chunks.push(chunk.subarray(0, chunk.length - (size - limits.maxBytes)));
            response.destroy();
            resolve({ status, contentType: String(response.headers['content-type'] ?? ''), body: Buffer.concat(chunks) });
          } else if (size > limits.maxBytes) {
            response.destroy();
            reject(new AppError('TOO_LARGE', `${url.host} sent more than ${Math.round(limits.maxBytes / 1024 / 1024)} MB.`));
          } else chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({ status, contentType: String(response.headers['content-type'] ?? ''), body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', (err) => {
      if (err instanceof AppError) return reject(err);
      if (deadline.aborted)
        return reject(new AppError('VALIDATION', `${url.host} did not answer within ${limits.timeoutMs / 1000} seconds.`));
      reject(new AppError('VALIDATION', `${url.host} could not be reached (${(err as NodeJS.ErrnoException).code ?? err.message}).`));
    });
  });
}

/**
 * GETs an http(s) address on the operator's behalf with limits: no private addresses (checked on every redirect and
 * on the connection's own lookup), at most `maxBytes`, within `timeoutMs` in all, a few redirects (their bodies are
 * never read; `stopAt` ends the walk at a redirect's address without asking it).
 */
export async function fetchLimited(address: string, limits: FetchLimits): Promise<Fetched> {
  const deadline = AbortSignal.timeout(limits.timeoutMs);
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new AppError('VALIDATION', `"${address.slice(0, 100)}" is not an address.`);
  }
  for (let redirects = 0; ; redirects++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AppError('VALIDATION', 'Only http(s) addresses can be fetched.');
    if (url.username || url.password) throw new AppError('VALIDATION', 'Addresses with a user name or password are not fetched.');
    if (redirects > 0 && limits.stopAt?.(url)) return { body: Buffer.alloc(0), contentType: '', url: url.toString(), status: 0 };
    const answer = await getOnce(url, limits, deadline);
    if (answer.location) {
      if (redirects >= (limits.maxRedirects ?? 5)) throw new AppError('VALIDATION', `${url.host} redirected too many times.`);
      url = new URL(answer.location, url);
      continue;
    }
    if ((answer.status < 200 || answer.status >= 300) && !limits.anyStatus)
      throw new AppError('VALIDATION', `${url.host} answered ${answer.status}.`);
    return { body: answer.body, contentType: answer.contentType, url: url.toString(), status: answer.status };
  }
}
