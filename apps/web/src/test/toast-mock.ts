import { vi } from 'vitest';

/**
 * A stand-in for sonner's `toast`, for tests that `vi.mock('…/lib/toast')` with
 * `() => toastModuleMock`. Each kind is a spy; reset them in beforeEach.
 */
export const toastSpy = {
  success: vi.fn(),
  error: vi.fn(),
  info: vi.fn(),
  warning: vi.fn(),
  message: vi.fn(),
};

export const toastModuleMock = {
  loadToast: () => Promise.resolve(toastSpy),
};

export function resetToastSpy(): void {
  for (const spy of Object.values(toastSpy)) spy.mockReset();
}
