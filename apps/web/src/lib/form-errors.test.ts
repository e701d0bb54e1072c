import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { applyFieldErrors } from './form-errors';

describe('applyFieldErrors', () => {
  it('marks the known fields the server named and focuses only the first', () => {
    const setError = vi.fn();
    const error = new ApiError({
      status: 400,
      statusText: 'Bad Request',
      message: 'Invalid',
      fields: { password: 'Too short', email: 'Bad address', other: 'ignored' },
    });
    expect(applyFieldErrors(error, setError, ['email', 'password'])).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['email', { type: 'server', message: 'Bad address' }, { shouldFocus: true }],
      ['password', { type: 'server', message: 'Too short' }, { shouldFocus: false }],
    ]);
  });

  it('does nothing for errors without fields', () => {
    const setError = vi.fn();
    expect(applyFieldErrors(new Error('x'), setError, ['email'])).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
