import { pageTexts } from '@cutout/contracts';
import { CreditsSummary } from '../../features/pricing/components/credits-summary';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.credits, { noindex: true });

export default function CreditsRoute() {
  return <CreditsSummary />;
}
