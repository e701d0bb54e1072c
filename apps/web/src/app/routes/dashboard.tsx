import { pageTexts } from '@cutout/contracts';
import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import {
  DashboardOverview,
  type DashboardTab,
  type DashboardWorkspace,
} from '../../features/users/components/dashboard-overview';
import { dashboardTexts } from '../../features/users/texts';
import { useSession } from '../../lib/auth/session';
import { lazyModule, useLazyModule, type LazyModule } from '../../lib/lazy-module';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.dashboard, { noindex: true });

// The Single tab is the editor and the Batch tab the batch processor, each in its own chunk,
// fetched when its tab is shown. The tab is in the address (?tab=batch), so a reload stays on it.
const editorModule = lazyModule(() => import('../../features/editor/components/editor'));
const batchModule = lazyModule(() => import('../../features/batches/components/batch-processor'));

function Lazy<T>({ module, render }: { module: LazyModule<T>; render: (m: T) => ReactNode }) {
  const loaded = useLazyModule(module);
  useEffect(() => {
    module.load().catch(() => undefined);
  }, [module]);
  if (loaded) return render(loaded);
  return (
    <div role="status" className="flex items-center gap-3 py-10 text-sm text-muted-foreground">
      <Spinner />
      {dashboardTexts.loadingPanel}
    </div>
  );
}

const workspace: DashboardWorkspace = {
  single: () => <Lazy module={editorModule} render={(m) => <m.Editor />} />,
  batch: (credits, onCreditsChanged) => (
    <Lazy
      module={batchModule}
      render={(m) => <m.BatchProcessor credits={credits} onCreditsChanged={onCreditsChanged} />}
    />
  ),
};

export default function DashboardRoute() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const tab: DashboardTab = params.get('tab') === 'batch' ? 'batch' : 'single';
  const email = params.get('email');
  const confirmation = email === 'confirmed' || email === 'invalid' ? email : null;
  return (
    <DashboardOverview
      sessionName={session.user?.name ?? null}
      sessionUserId={session.user?.id ?? null}
      workspace={workspace}
      tab={tab}
      confirmation={confirmation}
      onTabChange={(next) => setParams(next === 'batch' ? { tab: 'batch' } : {}, { replace: true })}
    />
  );
}
