import { paths } from '@cutout/contracts';
import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { paymentsStatusQueryOptions } from '../api/admin-subscriptions';
import { adminBannerTexts as t } from '../texts';

/**
 * On every admin page while the built-in sandbox sells on a production server: anyone can get
 * real credits with the test card (decision 0120). Nothing shows otherwise.
 */
export function SandboxBanner() {
  const status = useQuery(paymentsStatusQueryOptions);
  if (!status.data?.sandboxInProduction) return null;
  return (
    <div
      role="alert"
      data-testid="sandbox-banner"
      className="border-b border-amber-500/50 bg-amber-100 px-4 py-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-1">
        <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
        <strong>{t.title}</strong>
        <span>{t.body}</span>
        <Link
          to={paths.adminIntegrationSettings}
          className="font-medium underline underline-offset-4"
        >
          {t.action}
        </Link>
      </p>
    </div>
  );
}
