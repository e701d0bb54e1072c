import { pageTexts } from '@cutout/contracts';
import { ForgotPasswordPage } from '../../features/accounts/components/forgot-password-form';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.forgotPassword);

export default function ForgotPasswordRoute() {
  return <ForgotPasswordPage />;
}
