import { appTexts, errorReportSchema } from '@cutout/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordedErrors, resetErrorReporting } from '../../../lib/error-reports';
import { CrashBoundary } from './crash-boundary';
import { CrashScreen } from './crash-screen';

function Broken(): never {
  throw new Error('kaboom');
}

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  resetErrorReporting();
  fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 202 })));
  vi.stubGlobal('fetch', fetchMock);
  // React logs every error an error boundary catches; here that is the expected outcome.
  vi.mocked(console.error).mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('crash screen', () => {
  it("shows the spec's texts when a child fails to render", () => {
    render(
      <CrashBoundary>
        <Broken />
      </CrashBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(
      screen.getByText(
        "We're sorry, but something unexpected happened. Please try refreshing the page.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: appTexts.crash.action })).toBeInTheDocument();
  });

  it('posts the error to /api/errors with its component stack', async () => {
    render(
      <CrashBoundary>
        <Broken />
      </CrashBoundary>,
    );
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/errors');
    expect(init.method).toBe('POST');
    expect(typeof init.body).toBe('string');
    const body = errorReportSchema.parse(JSON.parse(init.body as string));
    expect(body.kind).toBe('render');
    expect(body.message).toBe('kaboom');
    expect(body.componentStack).toContain('Broken');
    expect(body.url).toBe(window.location.href);
    expect(recordedErrors()).toHaveLength(1);
  });

  it('still shows the crash screen when reporting fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    render(
      <CrashBoundary>
        <Broken />
      </CrashBoundary>,
    );
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.getByRole('heading', { name: appTexts.crash.title })).toBeInTheDocument();
  });

  it('recovers when the reset key changes (the visitor navigated away)', () => {
    const { rerender } = render(
      <CrashBoundary resetKey="/a">
        <Broken />
      </CrashBoundary>,
    );
    expect(screen.getByRole('heading', { name: appTexts.crash.title })).toBeInTheDocument();
    rerender(
      <CrashBoundary resetKey="/b">
        <p>Fine again</p>
      </CrashBoundary>,
    );
    expect(screen.getByText('Fine again')).toBeInTheDocument();
  });

  it('reloads the page from the Refresh Page button', async () => {
    const reload = vi.fn();
    render(<CrashScreen reload={reload} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
