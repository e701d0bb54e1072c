import { appTexts } from '@cutout/contracts';
import { NotFoundScreen } from '../../features/errors/components/not-found-screen';
import { pageMeta } from '../../lib/meta';

// Catch-all /{slug} (spec §2): a content page loaded by slug. Until the pages CMS exists there
// is nothing to load, so every slug is the spec's not-found screen.
export const meta = () =>
  pageMeta(
    { title: appTexts.notFound.title, description: appTexts.notFound.message },
    { noindex: true },
  );

export default function ContentPageRoute() {
  return <NotFoundScreen />;
}
