import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { loadFormLibrary } from '../lib/lazy-form';
import { installMatchMedia } from './match-media';

// STYLE.md §8: a test fails on an unexpected console.error (React warnings, act() misuse,
// hydration mismatches). Collected and checked after the test, because React may swallow an
// exception thrown from inside its own logging. A test that expects errors replaces the mock's
// implementation, e.g. vi.mocked(console.error).mockImplementation(() => undefined).
let unexpectedErrors: string[] = [];

// Every test file starts in a context of its own (a VM context, or a process on one worker:
// vitest.config.ts). A file that finds another file's mark here would share its module state,
// globals and DOM, and could pass or fail because of the files before it.
const fileMark = Symbol.for('cutout.web-test-file');
if (fileMark in globalThis) {
  throw new Error('Another test file ran in this context before: the web tests need a fresh one.');
}
Object.defineProperty(globalThis, fileMark, { value: true });

// The public forms' react-hook-form is there from the start, as it was before it loaded on
// intent (lib/lazy-form.tsx; its own test covers the stand-in and the hand-over).
beforeAll(loadFormLibrary);

beforeEach(() => {
  unexpectedErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    unexpectedErrors.push(args.map(String).join(' '));
  });
  installMatchMedia();
  localStorage.clear();
  document.documentElement.className = '';
});

afterEach(() => {
  cleanup();
  if (unexpectedErrors.length > 0) {
    throw new Error(`Unexpected console.error:\n${unexpectedErrors.join('\n')}`);
  }
});

// jsdom lacks ResizeObserver, which Radix's positioning uses.
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
