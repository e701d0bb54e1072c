import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Security headers. The CSP allows scripts only from our origin plus the inline scripts of the
// page being answered (by hash); styles allow 'unsafe-inline' because Radix and sonner position
// elements with style attributes, which cannot be hashed.

export interface SecurityOptions {
  /** 'sha256-…' sources of the inline scripts the response to this URL carries. */
  scriptHashesFor: (url: string) => readonly string[];
  https: boolean;
  /**
   * Whether Cloudflare Turnstile is configured now (Admin → Integrations may change it): its
   * script and its frame are allowed. Asked per response.
   */
  turnstile?: () => boolean;
}

const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

export function contentSecurityPolicy({ scriptHashesFor, https, turnstile }: SecurityOptions) {
  // helmet calls a function source per request and appends what it returns; one function, so
  // an unset Turnstile leaves no empty source behind.
  const pageScripts = (req: IncomingMessage) =>
    [...(turnstile?.() ? [TURNSTILE_ORIGIN] : []), ...scriptHashesFor(req.url ?? '/')].join(' ');
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", pageScripts],
    frameSrc: [() => (turnstile?.() ? TURNSTILE_ORIGIN : "'none'")],
    styleSrc: ["'self'", "'unsafe-inline'"],
    // https: images too: content pages show featured images and <img>s from the addresses
    // their authors give (decision 0093). Images cannot run script; everything else stays 'self'.
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: https ? [] : null,
  };
}

export const securityPlugin = fp<SecurityOptions>(
  async function securityPlugin(app: FastifyInstance, opts: SecurityOptions) {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(opts) },
      hsts: opts.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
  },
  { name: 'security' },
);
