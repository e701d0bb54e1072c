import { pageTexts } from '@cutout/contracts';
import { PagePlaceholder } from '../../components/page-placeholder';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.resetPassword, { noindex: true });

export default function ResetPasswordRoute() {
  return <PagePlaceholder page={pageTexts.resetPassword} variant="auth" />;
}
