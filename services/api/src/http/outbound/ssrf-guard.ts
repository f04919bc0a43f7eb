import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/*
 * Outbound requests to URLs that users give (app URL check, Langfuse host), guarded against SSRF
 * (DESIGN.md section 7): loopback, link-local, private and other special addresses are refused,
 * whether written literally, reached through a name that resolves to one, or through a redirect,
 * unless the exact origin (scheme://host:port) is allow-listed. The address check runs inside the
 * socket's own DNS lookup, so a name cannot resolve to a public address for the check and a
 * private one for the connection.
 */

export class OutboundRequestRefused extends Error {
  override name = 'OutboundRequestRefused';
}

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is one a user-given URL must never reach. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1]!, 'ipv4');
    // ::ffff:7f00:1 written in hex
    const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
    if (hexMapped) {
      const high = parseInt(hexMapped[1]!, 16);
      const low = parseInt(hexMapped[2]!, 16);
      return blocked.check(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, 'ipv4');
    }
    return blocked.check(address, 'ipv6');
  }
  return true;
}

export interface GuardedRequest {
  method?: 'GET' | 'POST' | 'HEAD';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** Exact origins that may be private (local fakes, an operator's own services). */
  allowedOrigins: readonly string[];
  maxRedirects?: number;
  maxResponseBytes?: number;
}

export interface GuardedResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  url: string;
}

const DEFAULT_MAX_RESPONSE_BYTES = 5 * 1024 * 1024;

/** Parses and checks a user-given URL: http(s) only, no credentials in it. */
export function parseOutboundUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRequestRefused('The URL is not valid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundRequestRefused('Only http and https URLs are allowed');
  }
  if (url.username || url.password) throw new OutboundRequestRefused('URLs with credentials are not allowed');
  return url;
}

/** One request, following redirects (each hop checked again), within `timeoutMs` overall. */
export async function guardedRequest(rawUrl: string, options: GuardedRequest): Promise<GuardedResponse> {
  const deadline = Date.now() + options.timeoutMs;
  let url = parseOutboundUrl(rawUrl);
  let method = options.method ?? 'GET';
  let body = options.body;
  for (let hop = 0; hop <= (options.maxRedirects ?? 3); hop += 1) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw new OutboundRequestRefused('The request timed out');
    const response = await requestOnce(url, { ...options, method, body, timeoutMs: remaining });
    const location = response.headers.location;
    if (response.status >= 300 && response.status < 400 && location) {
      url = parseOutboundUrl(new URL(location, url).toString());
      if (
        response.status === 303 ||
        ((response.status === 301 || response.status === 302) && method === 'POST')
      ) {
        method = 'GET';
        body = undefined;
      }
      continue;
    }
    return response;
  }
  throw new OutboundRequestRefused('Too many redirects');
}

function requestOnce(url: URL, options: GuardedRequest & { method: string }): Promise<GuardedResponse> {
  const allowed = options.allowedOrigins.includes(url.origin);
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowed && isIP(hostname) && isForbiddenAddress(hostname)) {
    return Promise.reject(new OutboundRequestRefused(`The address ${hostname} is not allowed`));
  }
  const guardedLookup: LookupFunction = (name, lookupOptions, callback) => {
    dnsLookup(name, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as LookupAddress[];
      if (!allowed && list.some((entry) => isForbiddenAddress(entry.address))) {
        return callback(
          new OutboundRequestRefused(`${name} resolves to an address that is not allowed`),
          '',
          0,
        );
      }
      if (lookupOptions.all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      const first = list[0];
      if (!first) return callback(new OutboundRequestRefused(`${name} has no address`), '', 0);
      return callback(null, first.address, first.family);
    });
  };
  const client = url.protocol === 'https:' ? https : http;
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: options.method,
        headers: { 'user-agent': 'evalmarket/1', ...options.headers },
        lookup: guardedLookup,
        timeout: options.timeoutMs,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            request.destroy(new OutboundRequestRefused('The response is too large'));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            url: url.toString(),
          }),
        );
        response.on('error', reject);
      },
    );
    const timer = setTimeout(
      () => request.destroy(new OutboundRequestRefused('The request timed out')),
      options.timeoutMs,
    );
    request.on('timeout', () => request.destroy(new OutboundRequestRefused('The request timed out')));
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.on('close', () => clearTimeout(timer));
    request.end(options.body);
  });
}
