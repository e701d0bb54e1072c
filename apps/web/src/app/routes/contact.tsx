import { pageTexts } from '@cutout/contracts';
import { PagePlaceholder } from '../../components/page-placeholder';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.contact);

export default function ContactRoute() {
  return <PagePlaceholder page={pageTexts.contact} variant="marketing" />;
}
