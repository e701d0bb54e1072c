import { afterEach, beforeEach, vi } from 'vitest';

// A test fails on an unexpected console.error (STYLE.md, convention 8).
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (errors.length > 0) {
    throw new Error(
      `Unexpected console.error: ${errors.map((a) => a.map(String).join(' ')).join('\n')}`,
    );
  }
});
