import { pageTexts } from '@cutout/contracts';
import { PagePlaceholder } from '../../components/page-placeholder';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.tutorials);

export default function TutorialsRoute() {
  return <PagePlaceholder page={pageTexts.tutorials} variant="marketing" />;
}
