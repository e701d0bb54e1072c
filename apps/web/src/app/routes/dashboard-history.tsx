import { pageTexts } from '@cutout/contracts';
import { PageHeading } from '../../components/page-heading';
import { HistoryList } from '../../features/history/components/history-list';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.dashboardHistory, { noindex: true });

/** /dashboard/history: processed images within the retention, re-download and delete. */
export default function DashboardHistoryRoute() {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6">
      <PageHeading page={pageTexts.dashboardHistory} variant="app" />
      <div className="mt-8">
        <HistoryList />
      </div>
    </div>
  );
}
