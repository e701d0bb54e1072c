import { pageTexts } from '@cutout/contracts';
import { PaymentSuccess } from '../../features/pricing/components/payment-success';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.paymentSuccess, { noindex: true });

export default function PaymentSuccessRoute() {
  return <PaymentSuccess />;
}
