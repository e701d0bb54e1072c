import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { installMatchMedia } from './match-media';

// STYLE.md §8: a test fails on an unexpected console.error (React warnings, act() misuse,
// hydration mismatches). A test that expects one spies on console.error itself.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`Unexpected console.error: ${args.map(String).join(' ')}`);
  });
  installMatchMedia();
  localStorage.clear();
  document.documentElement.className = '';
});

afterEach(() => {
  cleanup();
});
