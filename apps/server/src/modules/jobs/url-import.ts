import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import net from 'node:net';
import { editorTexts, limits } from '@cutout/contracts';
import ipaddr from 'ipaddr.js';
import { AppError } from '../../errors.js';
import { extensionForType, tooLarge } from './image-input.js';

// Server-side URL import (spec §5): browsers cannot fetch most image hosts because of CORS, so the
// server fetches — which makes it a target for server-side request forgery. Every address a
// name resolves to is checked at connection time (in the socket's own lookup, so a DNS answer
// cannot change between the check and the connect), and again after each redirect: only public
// unicast addresses, http and https only, 10 MB while streaming, 30 s for the whole fetch.

export interface UrlImportOptions {
  /** Hosts that may resolve to private addresses (tests only). */
  allowHosts?: readonly string[];
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

export interface ImportedImage {
  bytes: Buffer;
  contentType: string;
  /** `image_from_url.{ext}` (spec §5). */
  name: string;
}

export const urlImportTexts = {
  invalidUrl: 'Please enter a valid image URL starting with http:// or https://',
  blocked:
    'This address cannot be used: Cutout only fetches images from public internet addresses.',
  timeout: 'Failed to fetch image: the other server did not answer within 30 seconds',
  unreachable: 'Failed to fetch image: the other server could not be reached',
  tooManyRedirects: 'Failed to fetch image: too many redirects',
} as const;

const badRequest = (message: string) => new AppError(400, 'validation_failed', message);
const unprocessable = (message: string) => new AppError(422, 'unprocessable', message);

/** Only ordinary public addresses: no loopback, private, link-local, CGNAT, multicast, … */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address); // IPv4-mapped ::ffff:a.b.c.d becomes a.b.c.d
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  // IPv4-compatible ::a.b.c.d (deprecated, RFC 4291) has no legitimate use, and some stacks
  // still route it to the IPv4 address (::7f00:1 is 127.0.0.1): refuse the whole ::/96.
  if (v6.match(ipv4Compatible)) return false;
  const embedded = embeddedIPv4(v6);
  // A transition address reaches the IPv4 address inside it, so it is as public as that address
  // (NAT64 on an IPv6-only network with DNS64 resolves every public host to 64:ff9b::a.b.c.d).
  if (embedded) return embedded.range() === 'unicast';
  return v6.range() === 'unicast';
}

const ipv4Compatible = ipaddr.parseCIDR('::/96');
const nat64 = ipaddr.parseCIDR('64:ff9b::/96');
const sixToFour = ipaddr.parseCIDR('2002::/16');
const teredo = ipaddr.parseCIDR('2001::/32');

/** The IPv4 address an IPv6 transition address leads to (NAT64, 6to4, Teredo), if any. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const bytes = address.toByteArray();
  if (address.match(nat64)) return new ipaddr.IPv4(bytes.slice(12, 16));
  if (address.match(sixToFour)) return new ipaddr.IPv4(bytes.slice(2, 6));
  // Teredo (RFC 4380): the client's IPv4 is the bitwise NOT of the last 32 bits.
  if (address.match(teredo)) return new ipaddr.IPv4(bytes.slice(12, 16).map((b) => ~b & 0xff));
  return undefined;
}

class BlockedAddressError extends Error {
  constructor() {
    super('blocked address');
    this.name = 'BlockedAddressError';
  }
}

function guardedLookup(allowed: boolean): LookupFunction {
  return ((
    hostname: string,
    options: dns.LookupOptions,
    callback: (...args: unknown[]) => void,
  ) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error);
      if (
        !allowed &&
        (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address)))
      ) {
        return callback(new BlockedAddressError());
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new Error(`no address for ${hostname}`));
      return callback(null, first.address, first.family);
    });
  }) as LookupFunction;
}

function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest(urlImportTexts.invalidUrl);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw badRequest(urlImportTexts.invalidUrl);
  }
  if (url.username || url.password) throw badRequest(urlImportTexts.invalidUrl);
  return url;
}

interface Hop {
  status: number;
  location?: string;
  contentType: string;
  body?: Buffer;
}

function request(url: URL, options: Required<UrlImportOptions>, signal: AbortSignal): Promise<Hop> {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const allowed = options.allowHosts.includes(host);
  // Literal addresses never go through lookup: check them here.
  if (net.isIP(host) && !allowed && !isPublicAddress(host)) {
    return Promise.reject(badRequest(urlImportTexts.blocked));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const req = client.get(
      url,
      {
        lookup: guardedLookup(allowed),
        signal,
        headers: {
          accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8',
          'user-agent': 'Cutout-URL-import/1.0',
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const contentType = String(res.headers['content-type'] ?? '');
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          resolve({ status, location: res.headers.location, contentType });
          return;
        }
        if (status < 200 || status >= 300) {
          res.resume();
          reject(unprocessable(`${editorTexts.urlFetchFailed} ${status}`));
          return;
        }
        if (!contentType.toLowerCase().startsWith('image/')) {
          res.resume();
          reject(unprocessable(editorTexts.urlNotImage));
          return;
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          res.destroy();
          reject(tooLarge());
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            res.destroy();
            reject(tooLarge());
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, contentType, body: Buffer.concat(chunks) }));
        res.on('error', () =>
          reject(
            unprocessable(signal.aborted ? urlImportTexts.timeout : urlImportTexts.unreachable),
          ),
        );
      },
    );
    req.on('error', (error) => {
      if (error instanceof BlockedAddressError || error.cause instanceof BlockedAddressError) {
        reject(badRequest(urlImportTexts.blocked));
      } else if (signal.aborted) {
        reject(unprocessable(urlImportTexts.timeout));
      } else {
        reject(unprocessable(urlImportTexts.unreachable));
      }
    });
  });
}

/** Fetches an image from a URL a person typed, or throws the AppError they should see. */
export async function importImageFromUrl(
  raw: string,
  options: UrlImportOptions = {},
): Promise<ImportedImage> {
  const resolved: Required<UrlImportOptions> = {
    allowHosts: options.allowHosts ?? [],
    timeoutMs: options.timeoutMs ?? 30_000,
    maxBytes: options.maxBytes ?? limits.maxUploadBytes,
    maxRedirects: options.maxRedirects ?? 5,
  };
  const trimmed = raw.trim();
  if (!trimmed) throw badRequest(editorTexts.urlRequired);
  let url = parseUrl(trimmed);
  const signal = AbortSignal.timeout(resolved.timeoutMs);
  for (let hop = 0; hop <= resolved.maxRedirects; hop++) {
    const answer = await request(url, resolved, signal);
    if (answer.location !== undefined) {
      url = parseUrl(new URL(answer.location, url).href);
      continue;
    }
    const contentType = answer.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
    return {
      bytes: answer.body ?? Buffer.alloc(0),
      contentType,
      name: `image_from_url.${extensionForType(contentType)}`,
    };
  }
  throw unprocessable(urlImportTexts.tooManyRedirects);
}
