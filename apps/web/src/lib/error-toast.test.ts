import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { errorMessage, toastError } from './error-toast';

const { toast } = vi.hoisted(() => ({ toast: { error: vi.fn() } }));
vi.mock('./toast', () => ({ loadToast: () => Promise.resolve(toast) }));

beforeEach(() => {
  toast.error.mockClear();
});

describe('errorMessage', () => {
  it("uses the error's own text, else the fallback", () => {
    expect(errorMessage(new Error('Invalid email or password'), 'fallback')).toBe(
      'Invalid email or password',
    );
    expect(errorMessage(new Error('  '), 'fallback')).toBe('fallback');
    expect(errorMessage('boom', 'fallback')).toBe('fallback');
  });
});

describe('toastError', () => {
  const serverError = new ApiError({
    status: 429,
    statusText: 'Too Many Requests',
    message: 'Too many requests. Please try again in 60 seconds.',
  });

  it("puts the server's message under the title", async () => {
    await toastError(serverError, { title: 'Sign in failed', fallback: 'Please try again' });
    expect(toast.error).toHaveBeenCalledWith('Sign in failed', {
      description: 'Too many requests. Please try again in 60 seconds.',
    });
  });

  it('uses the fallback when the error has no text, and the title alone without one', async () => {
    await toastError(new Error(''), { title: 'Failed', fallback: 'Please try again.' });
    await toastError(undefined, { title: 'An error occurred during signup' });
    expect(toast.error.mock.calls).toEqual([
      ['Failed', { description: 'Please try again.' }],
      ['An error occurred during signup', undefined],
    ]);
  });

  it('shows the message itself without a title', async () => {
    await toastError(serverError);
    await toastError('Failed to process image. Please try again.');
    expect(toast.error.mock.calls).toEqual([
      ['Too many requests. Please try again in 60 seconds.'],
      ['Failed to process image. Please try again.'],
    ]);
  });
});
