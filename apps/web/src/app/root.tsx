import { appTexts, siteTexts } from '@cutout/contracts';
import type { ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { CrashBoundary } from '../features/errors/components/crash-boundary';
import { RouterErrorScreen } from '../features/errors/components/router-error-screen';
import { themeScript } from '../lib/theme';
import { toastPositionFor } from '../lib/toast';
import type { Route } from './+types/root';
import { AppProvider } from './provider';
import './app.css';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

// What the SPA fallback HTML carries until the page's own route module sets its title.
export const meta: Route.MetaFunction = () => [
  { title: appTexts.productName },
  { name: 'description', content: siteTexts.tagline },
];

export function Layout({ children }: { children: ReactNode }) {
  // suppressHydrationWarning: the theme script sets class and style on <html> before React
  // hydrates, on purpose.
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
        <Meta />
        <Links />
      </head>
      <body>
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-background px-4 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          {siteTexts.skipToContent}
        </a>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const { pathname } = useLocation();
  return (
    <AppProvider toastPosition={toastPositionFor(pathname)}>
      <CrashBoundary>
        <Outlet />
      </CrashBoundary>
    </AppProvider>
  );
}

/** What the SPA fallback HTML shows until the page's route module has loaded. */
export function HydrateFallback() {
  return <LoadingScreen />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouterErrorScreen error={error} />;
}
