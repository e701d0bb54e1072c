import { appTexts, paths, siteTexts } from '@cutout/contracts';
import { isRouteErrorResponse } from 'react-router';

/**
 * The router's error page (spec §2: 'Unexpected Application Error!'): failed route loads and
 * thrown responses. Plain markup and a plain link, because the providers and the router
 * context around it may be what failed.
 */
export function RouterErrorScreen({ error }: { error: unknown }) {
  let detail: string;
  let status: number | undefined;
  if (isRouteErrorResponse(error)) {
    status = error.status;
    detail =
      typeof error.data === 'string' && error.data
        ? error.data
        : `${error.status} ${error.statusText}`;
  } else if (error instanceof Error) {
    detail = error.message;
  } else {
    detail = String(error);
  }
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-24">
      <div className="w-full max-w-lg">
        {status !== undefined ? (
          <p className="text-sm font-semibold text-primary">{status}</p>
        ) : null}
        <h1 className="mt-2 text-2xl font-semibold tracking-tight">{appTexts.routerError.title}</h1>
        <pre className="mt-4 overflow-x-auto rounded-xl border border-border bg-muted p-4 font-mono text-sm whitespace-pre-wrap text-muted-foreground">
          {detail}
        </pre>
        <a
          href={paths.home}
          className="mt-6 inline-flex text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {siteTexts.routerErrorHome}
        </a>
      </div>
    </main>
  );
}
