import { pageTexts } from '@cutout/contracts';
import { PagePlaceholder } from '../../components/page-placeholder';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.forgotPassword);

export default function ForgotPasswordRoute() {
  return <PagePlaceholder page={pageTexts.forgotPassword} variant="auth" />;
}
