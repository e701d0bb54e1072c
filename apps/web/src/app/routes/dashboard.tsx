import { pageTexts } from '@cutout/contracts';
import { DashboardOverview } from '../../features/users/components/dashboard-overview';
import { useSession } from '../../lib/auth/session';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.dashboard, { noindex: true });

export default function DashboardRoute() {
  const session = useSession();
  return <DashboardOverview sessionName={session.user?.name ?? null} />;
}
