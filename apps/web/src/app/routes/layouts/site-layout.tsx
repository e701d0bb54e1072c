import { SiteHeader } from '../../../features/navigation/components/site-header';
import { PageShell } from './page-shell';

/** Account pages and content pages: header variant one (docs/decisions/0020-header-variants.md). */
export default function SiteLayout() {
  return <PageShell header={<SiteHeader />} />;
}
