import { pageTexts } from '@cutout/contracts';
import { PagePlaceholder } from '../../components/page-placeholder';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.signIn);

export default function SignInRoute() {
  return <PagePlaceholder page={pageTexts.signIn} variant="auth" />;
}
