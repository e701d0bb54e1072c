import { paths } from '@cutout/contracts';
import { withQuery } from '../../lib/url';

/**
 * Where to go after signing in: the `?redirect=` target when it is a path on this site, else the
 * dashboard. Anything else ('//evil.example', 'https://…', '/\evil', 'javascript:…') is ignored,
 * so a crafted sign-in link cannot send a visitor to another site (an open redirect).
 */
export function safeRedirectTarget(redirect: string | null | undefined): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//')) return paths.dashboard;
  // Browsers treat a backslash like a slash ('/\evil.example' is protocol-relative) and drop
  // tabs and newlines inside URLs.
  if (/[\\\s]/.test(redirect)) return paths.dashboard;
  // Resolved against a placeholder origin, a same-site path keeps that origin.
  const base = 'http://same.site';
  try {
    const url = new URL(redirect, base);
    if (url.origin !== base) return paths.dashboard;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return paths.dashboard;
  }
}

/**
 * `path` carrying `target` as its `?redirect=`, for the sign-in and sign-up pages to honour;
 * `path` alone when there is no target.
 */
export function withRedirect(path: string, target: string | null | undefined): string {
  return withQuery(path, { redirect: target || undefined });
}
