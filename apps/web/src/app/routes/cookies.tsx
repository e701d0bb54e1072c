import { pageTexts } from '@cutout/contracts';
import { PagePlaceholder } from '../../components/page-placeholder';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.cookies);

export default function CookiesRoute() {
  return <PagePlaceholder page={pageTexts.cookies} variant="marketing" />;
}
