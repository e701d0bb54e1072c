import { pageTexts } from '@cutout/contracts';
import { PagePlaceholder } from '../../components/page-placeholder';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.privacy);

export default function PrivacyRoute() {
  return <PagePlaceholder page={pageTexts.privacy} variant="marketing" />;
}
