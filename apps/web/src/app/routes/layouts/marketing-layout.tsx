import { MarketingHeader } from '../../../features/navigation/components/marketing-header';
import { PageShell } from './page-shell';

/** Marketing pages: header variant two (docs/decisions/0020-header-variants.md). */
export default function MarketingLayout() {
  return <PageShell header={<MarketingHeader />} />;
}
