import { SiteHeader } from '../../../features/navigation/components/site-header';
import { PageShell } from './page-shell';

/** Marketing pages: the one site header (docs/decisions/0172-one-site-header.md). */
export default function MarketingLayout() {
  return <PageShell header={<SiteHeader />} />;
}
