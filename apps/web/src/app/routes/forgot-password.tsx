import { pageTexts } from '@cutout/contracts';
import { ForgotPasswordPage } from '../../features/auth/components/forgot-password-form';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.forgotPassword);

export default function ForgotPasswordRoute() {
  return <ForgotPasswordPage />;
}
