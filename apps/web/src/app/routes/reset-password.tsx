import { pageTexts } from '@cutout/contracts';
import { ResetPasswordPage } from '../../features/accounts/components/reset-password-page';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.resetPassword, { noindex: true });

export default function ResetPasswordRoute() {
  return <ResetPasswordPage />;
}
