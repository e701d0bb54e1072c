import { pageTexts } from '@cutout/contracts';
import { PagePlaceholder } from '../../components/page-placeholder';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.paymentSuccess, { noindex: true });

export default function PaymentSuccessRoute() {
  return <PagePlaceholder page={pageTexts.paymentSuccess} variant="auth" />;
}
