import {
  orderStatuses,
  pageTexts,
  refundRequestStatuses,
  type AdminSubscription,
  type RefundRequestStatus,
  type AdminSubscriptionStats,
  type OrderStatus,
} from '@cutout/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Coins, Inbox, Receipt, ShieldAlert, TrendingUp, Undo2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { FilterMenu } from '../../../components/list/filter-menu';
import { ListTable } from '../../../components/list/list-table';
import { PagedListTable } from '../../../components/list/paged-list-table';
import { ListToolbar } from '../../../components/list/list-toolbar';
import { SearchBox } from '../../../components/list/search-box';
import { StatCard } from '../../../components/list/stat-card';
import { useListParams } from '../../../components/list/use-list-params';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/format-date';
import { useErrorToast } from '../../../lib/use-error-toast';
import { formatAmount } from '../../payments';
import {
  adminPlansQueryOptions,
  adminSubscriptionsKey,
  adminSubscriptionsQueryOptions,
  adminSubscriptionStatsQueryOptions,
  type SubscriptionListParams,
} from '../api/admin-subscriptions';
import { adminSubscriptionsTexts as t } from '../texts';
import { OrderStatusBadge, TestBadge } from './order-badges';
import { SubscriptionDetailDialog } from './subscription-detail';
import { WebhookEvents } from './webhook-events';

// /admin/subscriptions (spec §2 Admin, §7 /admin/subscriptions…): for one-time credit packs the
// spec's subscriptions are orders and their credit lots (docs/decisions/0104).

const initial: SubscriptionListParams = {
  search: '',
  status: 'all',
  plan: 'all',
  mode: 'all',
  request: 'all',
  page: 1,
};
const number = new Intl.NumberFormat('en-US');
const periods = [7, 30, 90, 365] as const;
const statusOptions = orderStatuses.map((value) => ({
  value,
  label: t.statuses[value],
}));
const modeOptions = (['live', 'test'] as const).map((value) => ({ value, label: t.modes[value] }));
const requestOptions = refundRequestStatuses.map((value) => ({
  value,
  label: t.requests[value],
}));

/** The sales figures that are a plain count, after Revenue and Orders. */
const countCards = [
  {
    total: 'creditsSold',
    label: t.creditsSold,
    detail: t.creditsSoldDetail,
    icon: <Coins />,
    testId: 'stat-credits',
  },
  {
    total: 'refunded',
    label: t.refunded,
    detail: t.refundedDetail,
    icon: <Undo2 />,
    testId: 'stat-refunded',
  },
  {
    total: 'needsReview',
    label: t.needsReview,
    detail: t.needsReviewDetail,
    icon: <ShieldAlert />,
    testId: 'stat-needs-review',
  },
  {
    total: 'openRefundRequests',
    label: t.refundRequests,
    detail: t.refundRequestsDetail,
    icon: <Inbox />,
    testId: 'stat-refund-requests',
  },
] as const satisfies readonly {
  total: keyof AdminSubscriptionStats['totals'];
  label: string;
  detail: string;
  icon: ReactNode;
  testId: string;
}[];

function SalesStats() {
  const [days, setDays] = useState<(typeof periods)[number]>(30);
  const stats = useQuery(adminSubscriptionStatsQueryOptions(days));
  const s: AdminSubscriptionStats | undefined = stats.data;
  const currency = s?.currency ?? 'USD';
  return (
    <section aria-labelledby="sales-heading" className="mt-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="sales-heading" className="sr-only">
          {t.revenue}
        </h2>
        <label className="flex items-center gap-2 text-sm text-muted-foreground">
          {t.period}
          <Select
            className="w-44"
            value={days}
            onChange={(e) => setDays(Number(e.target.value) as (typeof periods)[number])}
          >
            {periods.map((p) => (
              <option key={p} value={p}>
                {t.periods[p]}
              </option>
            ))}
          </Select>
        </label>
        {stats.isFetching && <Spinner aria-label={t.loading} />}
      </div>
      <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          label={t.revenue}
          value={s ? formatAmount(s.totals.revenueCents, currency) : '—'}
          detail={t.revenueDetail}
          icon={<TrendingUp />}
          testId="stat-revenue"
        />
        <StatCard
          label={t.orders}
          value={s ? number.format(s.totals.orders) : '—'}
          detail={s ? t.ordersDetail(s.totals.liveOrders, s.totals.testOrders) : undefined}
          icon={<Receipt />}
          testId="stat-orders"
        />
        {countCards.map((card) => (
          <StatCard
            key={card.testId}
            label={card.label}
            value={s ? number.format(s.totals[card.total]) : '—'}
            detail={card.detail}
            icon={card.icon}
            testId={card.testId}
          />
        ))}
      </div>
      <ListTable
        className="mt-4"
        columns={Object.values(t.planColumns)}
        minWidth="min-w-[36rem]"
        label={t.byPlan}
        header={
          <h3 className="border-b border-border px-5 py-3 text-sm font-semibold">{t.byPlan}</h3>
        }
        rows={s?.byPlan.length}
        pending={false}
        texts={{ empty: t.noSales }}
      >
        {s?.byPlan.map((p) => (
          <tr key={p.planId ?? 'none'} data-testid="plan-stats-row" data-plan={p.planId}>
            <td className="px-5 py-2 font-medium">{p.planName ?? t.unknownPlan}</td>
            <td className="px-5 py-2 tabular-nums">{number.format(p.orders)}</td>
            <td className="px-5 py-2 tabular-nums">{number.format(p.testOrders)}</td>
            <td className="px-5 py-2 tabular-nums">{number.format(p.refunded)}</td>
            <td className="px-5 py-2 tabular-nums">{number.format(p.creditsSold)}</td>
            <td className="px-5 py-2 tabular-nums">{formatAmount(p.revenueCents, currency)}</td>
          </tr>
        ))}
      </ListTable>
    </section>
  );
}

function BuyerCell({ order }: { order: AdminSubscription }) {
  if (!order.userId && !order.buyerEmail) {
    return <span className="text-muted-foreground">{t.deletedBuyer}</span>;
  }
  return (
    <>
      <div className="font-medium">{order.buyerName ?? '—'}</div>
      <div className="text-xs text-muted-foreground">{order.buyerEmail ?? '—'}</div>
    </>
  );
}

/** Subscription Management: sales, the orders with search and filters, and each order's detail. */
export function SubscriptionManagement() {
  const queryClient = useQueryClient();
  // The admin mails link here with ?status=needs_review or ?request=requested.
  const [searchParams] = useSearchParams();
  const list = useListParams<SubscriptionListParams>(initial, () => ({
    ...initial,
    status: (orderStatuses as readonly string[]).includes(searchParams.get('status') ?? '')
      ? (searchParams.get('status') as OrderStatus)
      : 'all',
    request: (refundRequestStatuses as readonly string[]).includes(
      searchParams.get('request') ?? '',
    )
      ? (searchParams.get('request') as RefundRequestStatus)
      : 'all',
  }));
  const [openId, setOpenId] = useState<string | null>(null);

  const orders = useQuery(adminSubscriptionsQueryOptions(list.query));
  const plans = useQuery(adminPlansQueryOptions);
  useErrorToast(orders.error, { title: t.loadFailed });

  const planOptions = (plans.data?.plans ?? [])
    .filter((p) => p.billingType === 'one-time')
    .map((p) => ({ value: p.id, label: p.name }));

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
        {pageTexts.adminSubscriptionManagement.title}
      </h1>
      <p className="mt-2 text-sm text-muted-foreground">
        {pageTexts.adminSubscriptionManagement.description}
      </p>

      <SalesStats />

      <ListToolbar className="mt-8" reset={list.resetProps(t.resetFilters)}>
        <SearchBox label={t.searchLabel} placeholder={t.searchPlaceholder} {...list.searchProps} />
        <FilterMenu
          label={t.status}
          allLabel={t.allStatuses}
          options={statusOptions}
          {...list.filterProps('status')}
        />
        <FilterMenu
          label={t.plan}
          allLabel={t.allPlans}
          options={planOptions}
          {...list.filterProps('plan')}
        />
        <FilterMenu
          label={t.mode}
          allLabel={t.allModes}
          options={modeOptions}
          {...list.filterProps('mode')}
        />
        <FilterMenu
          label={t.request}
          allLabel={t.allRequests}
          options={requestOptions}
          {...list.filterProps('request')}
        />
      </ListToolbar>

      <PagedListTable
        className="mt-6"
        columns={Object.values(t.columns)}
        minWidth="min-w-[56rem]"
        title={t.allOrders(orders.data?.total ?? 0)}
        titleTestId="all-orders-heading"
        query={orders}
        items={(page) => page.subscriptions}
        list={list}
        texts={t}
      >
        {(order) => (
          <tr
            key={order.id}
            data-testid="order-row"
            data-order={order.id}
            data-email={order.buyerEmail ?? ''}
          >
            <td className="px-5 py-3">
              <div className="font-mono text-xs">{order.receiptNumber}</div>
              <div className="text-xs text-muted-foreground">
                {formatDate(order.paidAt ?? order.createdAt)}
              </div>
            </td>
            <td className="px-5 py-3">
              <BuyerCell order={order} />
            </td>
            <td className="px-5 py-3">{order.planName ?? t.unknownPlan}</td>
            <td className="px-5 py-3 whitespace-nowrap tabular-nums">
              {formatAmount(order.amountCents, order.currency)} {order.testMode && <TestBadge />}
            </td>
            <td className="px-5 py-3 tabular-nums">
              {number.format(order.credits)}
              {order.refundedCredits > 0 && (
                <div className="text-xs text-muted-foreground">
                  {t.refundedCredits(order.refundedCredits)}
                </div>
              )}
            </td>
            <td className="px-5 py-3">
              <div className="flex flex-wrap gap-1">
                <OrderStatusBadge status={order.status} />
                {order.refundRequest?.status === 'requested' && (
                  <Badge
                    variant="outline"
                    className="border-sky-500/40 text-sky-700 dark:text-sky-400"
                  >
                    {t.requests.requested}
                  </Badge>
                )}
              </div>
            </td>
            <td className="px-5 py-3">
              <Button
                variant="outline"
                size="sm"
                aria-label={t.viewOrder(order.receiptNumber)}
                onClick={() => setOpenId(order.id)}
              >
                {t.view}
              </Button>
            </td>
          </tr>
        )}
      </PagedListTable>

      <WebhookEvents />

      {openId && (
        <SubscriptionDetailDialog
          id={openId}
          onOpenChange={(open) => !open && setOpenId(null)}
          onChanged={() => queryClient.invalidateQueries({ queryKey: adminSubscriptionsKey })}
        />
      )}
    </div>
  );
}
