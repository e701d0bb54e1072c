import { pageTexts } from '@cutout/contracts';
import { PagePlaceholder } from '../../components/page-placeholder';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.signUp);

export default function SignUpRoute() {
  return <PagePlaceholder page={pageTexts.signUp} variant="auth" />;
}
