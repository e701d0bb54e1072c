import { SiteHeader } from '../../../features/navigation/components/site-header';
import { PageShell } from './page-shell';

/** Account pages and content pages: the one site header (docs/decisions/0172-one-site-header.md). */
export default function SiteLayout() {
  return <PageShell header={<SiteHeader />} />;
}
