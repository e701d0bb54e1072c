import {
  errorReportLimits as max,
  errorReportsApi,
  type errorReportsEndpoints,
  limits,
  type ErrorReport,
  type errorReportKinds,
} from '@cutout/contracts';
import { apiClient } from './api-client';

// Error reporting (spec §7, §8): rendering errors, uncaught errors and unhandled rejections go to
// POST /api/errors; the answer is ignored and failures are swallowed. The last 100 stay in memory
// for debugging (spec: "rendering errors recorded (max 100)").

type Kind = (typeof errorReportKinds)[number];

export type RecordedError = ErrorReport & { timestamp: string };

/** Per page load, so an error thrown in a loop cannot flood the server. */
export const maxReportsPerPage = 10;

const recorded: RecordedError[] = [];
let sent = 0;

function truncate(value: string | undefined, max: number): string | undefined {
  if (value === undefined) return undefined;
  return value.length > max ? value.slice(0, max) : value;
}

function describe(error: unknown): { message: string; stack: string | undefined } {
  if (error instanceof Error) {
    return { message: error.message || error.name, stack: error.stack };
  }
  if (typeof error === 'string') return { message: error, stack: undefined };
  try {
    return { message: JSON.stringify(error) ?? String(error), stack: undefined };
  } catch {
    return { message: String(error), stack: undefined };
  }
}

export function recordError(kind: Kind, error: unknown, componentStack?: string | null): void {
  const { message, stack } = describe(error);
  const report: ErrorReport = {
    kind,
    message: truncate(message.trim() || 'Unknown error', max.message)!,
    stack: truncate(stack, max.stack),
    componentStack: truncate(componentStack ?? undefined, max.componentStack),
    url: truncate(window.location.href, max.url)!,
    userAgent: truncate(navigator.userAgent, max.userAgent),
  };
  recorded.push({ ...report, timestamp: new Date().toISOString() });
  if (recorded.length > limits.errorTrackerEntries) recorded.shift();

  if (sent >= maxReportsPerPage) return;
  sent += 1;
  apiClient
    .call<typeof errorReportsEndpoints.report>(errorReportsApi.report, { body: report })
    .catch(() => {
      // Reporting must never cause an error of its own.
    });
}

export function recordedErrors(): readonly RecordedError[] {
  return recorded;
}

/** Test helper: a fresh page load. */
export function resetErrorReporting(): void {
  recorded.length = 0;
  sent = 0;
}

let installed = false;

/** Reports window 'error' and 'unhandledrejection' events. Safe to call more than once. */
export function installGlobalErrorReporting(): () => void {
  if (installed) return () => undefined;
  installed = true;
  const onError = (event: ErrorEvent) => {
    recordError('uncaught', event.error ?? event.message);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    recordError('unhandledrejection', event.reason);
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    installed = false;
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
