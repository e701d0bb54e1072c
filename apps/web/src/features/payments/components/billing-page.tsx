import {
  creditsTexts,
  limits,
  pageTexts,
  paths,
  paymentTexts,
  pricingTexts,
  type BillingSummary,
  type Plan,
} from '@cutout/contracts';
import { Coins } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ResponsiveTable, type ResponsiveColumn } from '../../../components/list/responsive-table';
import { PageHeading } from '../../../components/page-heading';
import { ErrorAlert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useBilling, useCreditHistoryPage } from '../api/billing';
import { usePlans } from '../api/purchases';
import { formatDay } from '../billing-format';
import { formatPlanPrice } from '../plan-actions';
import { useCheckout } from '../use-checkout';
import { OrdersTable } from './orders-table';

// /dashboard/subscriptions (spec §2 "Credits and billing"): balance and badge, the low-credit
// messages, the paid plans, usage from real jobs, the ledger 20 a page, every order with its
// receipt, and the sales contact.

function Section({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="mt-8">
      <div className="flex items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export function lowCreditMessage(balance: number): string | null {
  if (balance < limits.lowCreditsWarning) return creditsTexts.runningLow;
  if (balance < limits.lowCreditsNotice) return creditsTexts.considerBuying;
  return null;
}

export function BalanceCard({ billing }: { billing: BillingSummary }) {
  const low = lowCreditMessage(billing.balance);
  return (
    <Card className="p-6 shadow-xs">
      <div className="flex flex-wrap items-center gap-3">
        <Coins aria-hidden="true" className="size-5 text-primary" />
        <h2 className="text-sm font-medium text-muted-foreground">{paymentTexts.balance}</h2>
        <Badge variant={billing.balance > 0 ? 'soft' : 'outline'} data-testid="credits-badge">
          {billing.balance > 0 ? creditsTexts.active : creditsTexts.noCredits}
        </Badge>
      </div>
      <p
        className="mt-3 text-4xl font-semibold tracking-tight tabular-nums"
        data-testid="billing-balance"
      >
        {billing.balance}
      </p>
      {billing.nextExpiry ? (
        <p className="mt-1 text-sm text-muted-foreground">
          {billing.nextExpiry.credits} {billing.nextExpiry.credits === 1 ? 'credit' : 'credits'}{' '}
          valid until {formatDay(billing.nextExpiry.expiresAt)}
        </p>
      ) : null}
      {low ? (
        <p className="mt-3 text-sm font-medium text-amber-700 dark:text-amber-300" role="status">
          {low}
        </p>
      ) : null}
      <div
        className="mt-4 h-2 overflow-hidden rounded-full bg-muted"
        role="meter"
        aria-label={paymentTexts.balance}
        aria-valuemin={0}
        aria-valuemax={limits.creditsBarMax}
        aria-valuenow={Math.min(billing.balance, limits.creditsBarMax)}
      >
        <div
          className="h-full rounded-full bg-primary"
          style={{ width: `${Math.min(billing.balance, limits.creditsBarMax)}%` }}
        />
      </div>
    </Card>
  );
}

function PlansGrid({ plans }: { plans: readonly Plan[] }) {
  const { pendingPlanId, buy } = useCheckout();
  const paid = plans.filter((plan) => plan.billingType === 'one-time');
  return (
    <ul className="grid gap-4 sm:grid-cols-3">
      {paid.map((plan) => (
        <li key={plan.id}>
          <Card className="flex h-full flex-col p-5 shadow-xs" role="group" aria-label={plan.name}>
            <div className="flex items-center justify-between gap-2">
              <h3 className="font-semibold">{plan.name}</h3>
              {plan.popular ? <Badge variant="primary">{pricingTexts.mostPopular}</Badge> : null}
            </div>
            <p className="mt-2 text-2xl font-semibold">
              {formatPlanPrice(plan.price, plan.currency)}
            </p>
            {plan.pricePerCredit !== undefined ? (
              <p className="text-sm text-muted-foreground">
                {formatPlanPrice(plan.pricePerCredit, plan.currency)}
                {pricingTexts.perCredit}
              </p>
            ) : null}
            {plan.validity ? (
              <p className="mt-1 text-xs text-muted-foreground">
                {pricingTexts.validFor(plan.validity)}
              </p>
            ) : null}
            <Button
              className="mt-4"
              variant={plan.popular ? 'primary' : 'outline'}
              disabled={pendingPlanId !== null}
              aria-busy={pendingPlanId === plan.id || undefined}
              onClick={() => void buy(plan)}
            >
              {pendingPlanId === plan.id ? <Spinner /> : null}
              {paymentTexts.buy}
            </Button>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function Usage({ usage }: { usage: BillingSummary['usage'] }) {
  const max = Math.max(1, ...usage.last30Days.map((d) => d.images));
  const total = usage.last30Days.reduce((sum, d) => sum + d.images, 0);
  return (
    <Card className="p-5 shadow-xs">
      <div className="flex flex-wrap gap-8">
        <div>
          <p className="text-sm text-muted-foreground">{paymentTexts.thisMonth}</p>
          <p className="text-2xl font-semibold tabular-nums" data-testid="usage-this-month">
            {usage.thisMonth}
          </p>
        </div>
        <div>
          <p className="text-sm text-muted-foreground">{paymentTexts.last30Days}</p>
          <p className="text-2xl font-semibold tabular-nums">{total}</p>
        </div>
      </div>
      <ol className="mt-4 flex h-20 items-end gap-0.5" aria-label={paymentTexts.last30Days}>
        {usage.last30Days.map((day) => (
          <li
            key={day.date}
            className="flex-1 rounded-t bg-primary/70"
            style={{
              height: `${Math.max(2, (day.images / max) * 100)}%`,
              opacity: day.images ? 1 : 0.25,
            }}
            title={`${formatDay(day.date)}: ${day.images}`}
          >
            <span className="sr-only">{`${formatDay(day.date)}: ${day.images} images`}</span>
          </li>
        ))}
      </ol>
    </Card>
  );
}

function Pager({
  page,
  hasNext,
  onPage,
}: {
  page: number;
  hasNext: boolean;
  onPage: (page: number) => void;
}) {
  if (page === 1 && !hasNext) return null;
  return (
    <div className="mt-3 flex items-center justify-end gap-3 text-sm">
      <Button variant="outline" size="sm" disabled={page === 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-muted-foreground">Page {page}</span>
      <Button variant="outline" size="sm" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </div>
  );
}

function CreditHistory() {
  const [page, setPage] = useState(1);
  const history = useCreditHistoryPage(page);
  if (history.isPending) return <Spinner />;
  if (history.isError) return <ErrorAlert>{creditsTexts.loadFailed}</ErrorAlert>;
  const entries = history.data.entries;
  type Entry = (typeof entries)[number];
  // A table on a wide screen; on a phone each entry is a card, as the orders are.
  const columns: ResponsiveColumn<Entry>[] = [
    {
      label: 'Date',
      cell: (entry) => <span className="whitespace-nowrap">{formatDay(entry.createdAt)}</span>,
    },
    { label: 'What', cell: (entry) => entry.reason ?? entry.kind },
    {
      label: 'Change',
      numeric: true,
      cell: (entry) => (
        <span className="tabular-nums">{entry.amount > 0 ? `+${entry.amount}` : entry.amount}</span>
      ),
    },
    {
      label: 'Balance',
      numeric: true,
      cell: (entry) => <span className="tabular-nums">{entry.balanceAfter}</span>,
    },
  ];
  return (
    <ResponsiveTable
      rows={entries}
      columns={columns}
      rowKey={(entry) => entry.id}
      label={paymentTexts.creditsHistory}
      testId="credit-history"
      footer={
        <div className="px-4 pb-3 max-md:px-0">
          <Pager
            page={page}
            hasNext={entries.length === limits.purchasesPageSize}
            onPage={setPage}
          />
        </div>
      }
    />
  );
}

export function BillingPage() {
  const billing = useBilling();
  const { plans, contactEmail } = usePlans();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <PageHeading page={pageTexts.subscriptions} variant="app" />
      <div className="mt-6">
        {billing.isPending ? (
          <Spinner />
        ) : billing.isError ? (
          <ErrorAlert>{creditsTexts.loadFailed}</ErrorAlert>
        ) : (
          <BalanceCard billing={billing.data} />
        )}
      </div>
      <Section title="Buy credits">
        <PlansGrid plans={plans} />
      </Section>
      <Section title={paymentTexts.usage}>
        {billing.data ? <Usage usage={billing.data.usage} /> : null}
      </Section>
      <Section title={paymentTexts.orders}>
        <OrdersTable
          pager={(total, perPage, page, onPage) => (
            <Pager page={page} hasNext={page * perPage < total} onPage={onPage} />
          )}
        />
      </Section>
      <Section title={paymentTexts.creditsHistory}>
        <CreditHistory />
      </Section>
      <Section title={paymentTexts.salesTitle}>
        <Card className="flex flex-col gap-4 p-5 shadow-xs sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">{paymentTexts.salesBody}</p>
          <div className="flex gap-2">
            <Button asChild variant="outline">
              <Link to={paths.contact}>{pricingTexts.contactSales}</Link>
            </Button>
            {contactEmail ? (
              <Button asChild variant="ghost">
                <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
              </Button>
            ) : null}
          </div>
        </Card>
      </Section>
    </div>
  );
}
