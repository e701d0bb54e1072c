import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  installGlobalErrorReporting,
  maxReportsPerPage,
  recordError,
  recordedErrors,
  resetErrorReporting,
} from './error-reports';

let fetchMock: ReturnType<typeof vi.fn>;
let uninstall: (() => void) | undefined;

function postedBodies() {
  return fetchMock.mock.calls.map(([, init]) => JSON.parse((init as RequestInit).body as string));
}

beforeEach(() => {
  resetErrorReporting();
  fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 202 })));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  uninstall?.();
  uninstall = undefined;
  vi.unstubAllGlobals();
});

describe('error reporting', () => {
  it("reports window 'error' events as uncaught and rejections as unhandledrejection", () => {
    uninstall = installGlobalErrorReporting();
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('boom'), message: 'boom' }));
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: new Error('nope') });
    window.dispatchEvent(rejection);
    expect(postedBodies()).toMatchObject([
      { kind: 'uncaught', message: 'boom' },
      { kind: 'unhandledrejection', message: 'nope' },
    ]);
  });

  it('installs its listeners only once', () => {
    uninstall = installGlobalErrorReporting();
    installGlobalErrorReporting();
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('once') }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it(`sends at most ${maxReportsPerPage} reports per page load, but keeps recording`, () => {
    for (let i = 0; i < 25; i += 1) recordError('manual', new Error(`error ${i}`));
    expect(fetchMock).toHaveBeenCalledTimes(maxReportsPerPage);
    expect(recordedErrors()).toHaveLength(25);
  });

  it('keeps only the last 100 errors in memory', () => {
    for (let i = 0; i < 130; i += 1) recordError('manual', `error ${i}`);
    const kept = recordedErrors();
    expect(kept).toHaveLength(100);
    expect(kept[0]?.message).toBe('error 30');
    expect(kept[99]?.message).toBe('error 129');
  });

  it('swallows a failed report', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    expect(() => recordError('manual', new Error('x'))).not.toThrow();
    // The report was sent and its failure came back: by the check after that, an unhandled
    // rejection would have been raised.
    await vi.waitFor(() =>
      expect(fetchMock.mock.settledResults).toEqual([
        { type: 'rejected', value: expect.any(TypeError) },
      ]),
    );
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
