import { pageTexts } from '@cutout/contracts';
import { PagePlaceholder } from '../../components/page-placeholder';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.terms);

export default function TermsRoute() {
  return <PagePlaceholder page={pageTexts.terms} variant="marketing" />;
}
