import { creditsTexts, pageTexts, paths, paymentTexts } from '@cutout/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useBilling, useOrders } from '../api/billing';
import { formatAmount, formatDay } from '../billing-format';
import { BalanceCard } from './billing-page';

/** /dashboard/credits (spec §2): the credit and plan summary, with a Refresh button that refetches. */
export function CreditsSummary() {
  const billing = useBilling();
  const orders = useOrders(1);
  const client = useQueryClient();
  const refreshing = billing.isFetching || orders.isFetching;
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['me'] });
  };
  const last = orders.data?.orders[0];
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeading page={pageTexts.credits} variant="app" />
        <Button
          variant="outline"
          onClick={refresh}
          disabled={refreshing}
          aria-busy={refreshing || undefined}
        >
          <RotateCw aria-hidden="true" className={refreshing ? 'size-4 animate-spin' : 'size-4'} />
          {paymentTexts.refresh}
        </Button>
      </div>
      <div className="mt-6 space-y-4">
        {billing.isPending ? (
          <Spinner />
        ) : billing.isError ? (
          <ErrorAlert>{creditsTexts.loadFailed}</ErrorAlert>
        ) : (
          <>
            <BalanceCard billing={billing.data} />
            <Card className="p-5 shadow-xs">
              <h2 className="text-sm font-medium text-muted-foreground">Plan</h2>
              {last ? (
                <p className="mt-2" data-testid="last-order">
                  Last purchase: <strong>{last.planName}</strong> on{' '}
                  {formatDay(last.paidAt ?? last.createdAt)} for{' '}
                  {formatAmount(last.amountCents, last.currency)}
                  {last.status === 'refunded' ? ' (refunded)' : ''}
                </p>
              ) : (
                <p className="mt-2">Free Forever — no credit pack bought yet.</p>
              )}
              <p className="mt-1 text-sm text-muted-foreground">
                {billing.data.lots.length} active credit{' '}
                {billing.data.lots.length === 1 ? 'lot' : 'lots'}; {billing.data.usage.thisMonth}{' '}
                images processed this month.
              </p>
              <div className="mt-4 flex gap-2">
                <Button asChild>
                  <Link to={paths.pricing}>Buy credits</Link>
                </Button>
                <Button asChild variant="outline">
                  <Link to={paths.dashboardSubscriptions}>Credits &amp; Billing</Link>
                </Button>
              </div>
            </Card>
          </>
        )}
      </div>
    </div>
  );
}
