import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

// The HTTP side of a visitor's free try (decision 0155): the unguessable token that makes the
// job the visitor's (an HttpOnly cookie; the server keeps only its sha256), and the key the
// daily limit counts by (an HMAC of the client address, never the address itself).

export const visitorCookieName = 'cutout_try';
const cookiePath = '/api/jobs';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The visitor's token from the request's cookie, when it is well-formed. */
export function visitorToken(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === visitorCookieName && value !== undefined && TOKEN.test(value)) return value;
  }
  return undefined;
}

export function newVisitorToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashVisitorToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether `token` is the one whose hash a job keeps (constant time). */
export function tokenMatches(token: string | undefined, hash: string | null): boolean {
  if (token === undefined || hash === null) return false;
  const given = Buffer.from(hashVisitorToken(token), 'hex');
  const kept = Buffer.from(hash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}

/**
 * The key an address's tries are counted by. An IPv6 address counts by its /64 (one home or
 * device network gets many addresses of one /64), an IPv4 address by itself.
 */
export function addressHash(secret: string | Buffer, ip: string): string {
  let key = ip;
  if (ip.startsWith('::ffff:') && ip.includes('.')) key = ip.slice(7);
  else if (isIPv6(ip)) key = `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
  return createHmac('sha256', secret).update(key).digest('hex');
}

function expandIPv6(ip: string): string[] {
  const [head = '', tail = ''] = ip.split('::', 2);
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const fill = ip.includes('::') ? 8 - left.length - right.length : 0;
  return [...left, ...Array<string>(Math.max(0, fill)).fill('0'), ...right].map((g) =>
    (g || '0').toLowerCase().replace(/^0+(?=.)/, ''),
  );
}

/** The Set-Cookie value: HttpOnly, the jobs paths only, gone with the results. */
export function visitorCookie(token: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${visitorCookieName}=${token}`,
    `Path=${cookiePath}`,
    `Max-Age=${Math.max(1, Math.floor(maxAgeSeconds))}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
