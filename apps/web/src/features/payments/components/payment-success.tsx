import {
  appTexts,
  checkoutTexts,
  pageTexts,
  paths,
  paymentTexts,
  type CheckoutState,
} from '@cutout/contracts';
import { CheckCircle2, Clock, RotateCcw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/auth/session';
import { loadToast } from '../../../lib/toast';
import { useCheckoutStatus } from '../api/billing';
import { formatAmount, formatDay } from '../billing-format';
import { TestModeNotice } from './test-mode-notice';

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex justify-between gap-4 py-2 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * What the page says of each state: a held order (needs_review) is told the truth — the payment
 * arrived and is being checked — never 'Confirming your payment…' forever (decision 0264).
 */
export function stateText(state: CheckoutState): { title: string; body: string | null } {
  switch (state) {
    case 'paid':
      return { title: paymentTexts.paidTitle, body: null };
    case 'refunded':
      return { title: paymentTexts.refundedTitle, body: null };
    case 'partially_refunded':
      return { title: paymentTexts.partiallyRefundedTitle, body: null };
    case 'needs_review':
      return { title: paymentTexts.needsReviewTitle, body: paymentTexts.needsReviewBody };
    case 'waiting':
      return { title: paymentTexts.waitingTitle, body: paymentTexts.waitingBody };
  }
}

/**
 * /payment-success (spec §2): the order as the server knows it, found by the checkout id in the
 * return address — never the plan, amount or credits the query string claims. Until the
 * provider's webhook arrives it says so and asks again every 2 s; while the order is held for
 * review it says so and asks now and then, so the admin's decision shows.
 */
export function PaymentSuccess() {
  const [params] = useSearchParams();
  const checkoutId = params.get('checkout');
  const session = useSession();
  const status = useCheckoutStatus(session.status === 'signed-in' ? checkoutId : null);
  const announced = useRef(false);
  const data = status.data;

  useEffect(() => {
    if (data?.state !== 'paid' || announced.current) return;
    announced.current = true;
    void loadToast().then((toast) =>
      toast.success(checkoutTexts.purchasedTitle, {
        description: checkoutTexts.creditsAdded(data.credits),
      }),
    );
  }, [data]);

  let body;
  if (
    session.status === 'loading' ||
    (checkoutId && status.isPending && session.status === 'signed-in')
  ) {
    body = (
      <p className="flex items-center justify-center gap-2 text-muted-foreground">
        <Spinner /> {appTexts.loading}
      </p>
    );
  } else if (session.status === 'anonymous') {
    body = (
      <p className="text-center text-muted-foreground">
        <Link className="font-medium text-primary underline" to={paths.signIn}>
          Sign in
        </Link>{' '}
        to see your order.
      </p>
    );
  } else if (!checkoutId || status.isError || !data) {
    body = (
      <ErrorAlert>
        We could not find this checkout. Your orders are listed under Credits &amp; Billing.
      </ErrorAlert>
    );
  } else {
    const { title, body: note } = stateText(data.state);
    const icon =
      data.state === 'paid' ? (
        <CheckCircle2 aria-hidden="true" className="size-6 text-emerald-600" />
      ) : data.state === 'refunded' || data.state === 'partially_refunded' ? (
        <RotateCcw aria-hidden="true" className="size-6 text-muted-foreground" />
      ) : (
        <Clock aria-hidden="true" className="size-6 text-amber-600" />
      );
    body = (
      <>
        <div className="flex items-center gap-3" role="status" aria-live="polite">
          {icon}
          <h2 className="text-lg font-semibold" data-testid="payment-state">
            {title}
          </h2>
          {data.state === 'waiting' ? <Spinner /> : null}
        </div>
        {note ? (
          <p className="mt-2 text-sm text-muted-foreground" data-testid="payment-state-note">
            {note}
          </p>
        ) : null}
        <dl className="mt-4 divide-y divide-border">
          <Row label="Plan" value={data.planName} testId="order-plan" />
          <Row
            label="Amount"
            value={formatAmount(data.amountCents, data.currency)}
            testId="order-amount"
          />
          <Row label="Credits" value={String(data.credits)} testId="order-credits" />
          {data.order ? (
            <>
              <Row label={paymentTexts.receiptNumber} value={data.order.receiptNumber} />
              {data.order.status !== 'needs_review' ? (
                <Row label="Credits valid until" value={formatDay(data.order.lotExpiresAt)} />
              ) : null}
            </>
          ) : null}
          <Row label={paymentTexts.balance} value={String(data.balance)} testId="current-balance" />
        </dl>
        {data.testMode ? <TestModeNotice className="mt-4" /> : null}
      </>
    );
  }

  return (
    <div className="mx-auto w-full max-w-lg px-4 py-12 sm:py-16">
      <div className="text-center">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {pageTexts.paymentSuccess.title}
        </h1>
        <p className="mt-3 text-muted-foreground">{pageTexts.paymentSuccess.description}</p>
      </div>
      <Card className="mt-8 p-6 shadow-xs">{body}</Card>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Button asChild>
          <Link to={paths.dashboard}>Go to Dashboard</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.dashboardCredits}>View Credits</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.pricing}>Back to Pricing</Link>
        </Button>
      </div>
    </div>
  );
}
