import { describe, expect, it } from 'vitest';
import { safeRedirectTarget } from './safe-redirect';

describe('safeRedirectTarget', () => {
  it.each([
    ['/dashboard/settings', '/dashboard/settings'],
    ['/credits?tab=history#top', '/credits?tab=history#top'],
    ['/', '/'],
  ])('keeps the same-site path %s', (input, expected) => {
    expect(safeRedirectTarget(input)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    'dashboard',
    '//evil.example/path',
    '/\\evil.example',
    '/\t/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
  ])('falls back to /dashboard for %j', (input) => {
    expect(safeRedirectTarget(input)).toBe('/dashboard');
  });
});
