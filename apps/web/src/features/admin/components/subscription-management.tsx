import {
  orderStatuses,
  pageTexts,
  refundRequestStatuses,
  type AdminSubscription,
  type RefundRequestStatus,
  type AdminSubscriptionStats,
  type OrderMode,
  type OrderStatus,
} from '@cutout/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Coins,
  Inbox,
  Receipt,
  RotateCcw,
  Search,
  ShieldAlert,
  TrendingUp,
  Undo2,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { toastError } from '../../../lib/error-toast';
import { formatAmount } from '../../pricing/billing-format';
import {
  adminPlansQueryOptions,
  adminSubscriptionsKey,
  adminSubscriptionsQueryOptions,
  adminSubscriptionStatsQueryOptions,
  type SubscriptionListParams,
} from '../api/admin-subscriptions';
import { adminSubscriptionsTexts as t } from '../texts';
import { Figure } from './admin-overview';
import { OrderStatusBadge, TestBadge } from './order-badges';
import { SubscriptionDetailDialog } from './subscription-detail';
import { FilterMenu, formatDate } from './user-management';

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
        <Figure
          label={t.revenue}
          value={s ? formatAmount(s.totals.revenueCents, currency) : '—'}
          detail={t.revenueDetail}
          icon={<TrendingUp />}
          testId="stat-revenue"
        />
        <Figure
          label={t.orders}
          value={s ? number.format(s.totals.orders) : '—'}
          detail={s ? t.ordersDetail(s.totals.liveOrders, s.totals.testOrders) : undefined}
          icon={<Receipt />}
          testId="stat-orders"
        />
        <Figure
          label={t.creditsSold}
          value={s ? number.format(s.totals.creditsSold) : '—'}
          detail={t.creditsSoldDetail}
          icon={<Coins />}
          testId="stat-credits"
        />
        <Figure
          label={t.refunded}
          value={s ? number.format(s.totals.refunded) : '—'}
          detail={t.refundedDetail}
          icon={<Undo2 />}
          testId="stat-refunded"
        />
        <Figure
          label={t.needsReview}
          value={s ? number.format(s.totals.needsReview) : '—'}
          detail={t.needsReviewDetail}
          icon={<ShieldAlert />}
          testId="stat-needs-review"
        />
        <Figure
          label={t.refundRequests}
          value={s ? number.format(s.totals.openRefundRequests) : '—'}
          detail={t.refundRequestsDetail}
          icon={<Inbox />}
          testId="stat-refund-requests"
        />
      </div>
      <Card className="mt-4 overflow-hidden">
        <h3 className="border-b border-border px-5 py-3 text-sm font-semibold">{t.byPlan}</h3>
        <div className="relative overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead className="bg-subtle text-xs text-muted-foreground">
              <tr>
                {Object.values(t.planColumns).map((label) => (
                  <th key={label} scope="col" className="px-5 py-2 font-medium">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {s?.byPlan.map((p) => (
                <tr key={p.planId ?? 'none'} data-testid="plan-stats-row" data-plan={p.planId}>
                  <td className="px-5 py-2 font-medium">{p.planName ?? t.unknownPlan}</td>
                  <td className="px-5 py-2 tabular-nums">{number.format(p.orders)}</td>
                  <td className="px-5 py-2 tabular-nums">{number.format(p.testOrders)}</td>
                  <td className="px-5 py-2 tabular-nums">{number.format(p.refunded)}</td>
                  <td className="px-5 py-2 tabular-nums">{number.format(p.creditsSold)}</td>
                  <td className="px-5 py-2 tabular-nums">
                    {formatAmount(p.revenueCents, currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {s && s.byPlan.length === 0 && (
            <p className="px-5 py-6 text-center text-sm text-muted-foreground">{t.noSales}</p>
          )}
        </div>
      </Card>
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
  const [params, setParams] = useState<SubscriptionListParams>(() => ({
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
  const [searchText, setSearchText] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      setParams((p) => (p.search === searchText ? p : { ...p, search: searchText, page: 1 }));
    }, 300);
    return () => clearTimeout(timer);
  }, [searchText]);

  const list = useQuery(adminSubscriptionsQueryOptions(params));
  const plans = useQuery(adminPlansQueryOptions);
  useEffect(() => {
    if (list.isError) void toastError(list.error, { title: t.loadFailed });
  }, [list.isError, list.error]);

  const planOptions = (plans.data?.plans ?? [])
    .filter((p) => p.billingType === 'one-time')
    .map((p) => ({ value: p.id, label: p.name }));
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.perPage)) : 1;
  const filtersSet =
    params.search !== '' ||
    params.status !== 'all' ||
    params.plan !== 'all' ||
    params.mode !== 'all' ||
    (params.request ?? 'all') !== 'all';

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
        {pageTexts.adminSubscriptionManagement.title}
      </h1>
      <p className="mt-2 text-sm text-muted-foreground">
        {pageTexts.adminSubscriptionManagement.description}
      </p>

      <SalesStats />

      <div className="mt-8 flex flex-wrap items-center gap-2">
        <div className="relative w-full sm:w-72">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label={t.searchLabel}
            placeholder={t.searchPlaceholder}
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            className="pl-9"
          />
        </div>
        <FilterMenu<OrderStatus>
          label={t.status}
          value={params.status}
          allLabel={t.allStatuses}
          options={statusOptions}
          onChange={(status) => setParams((p) => ({ ...p, status, page: 1 }))}
        />
        <FilterMenu<string>
          label={t.plan}
          value={params.plan}
          allLabel={t.allPlans}
          options={planOptions}
          onChange={(plan) => setParams((p) => ({ ...p, plan, page: 1 }))}
        />
        <FilterMenu<OrderMode>
          label={t.mode}
          value={params.mode}
          allLabel={t.allModes}
          options={modeOptions}
          onChange={(mode) => setParams((p) => ({ ...p, mode, page: 1 }))}
        />
        <FilterMenu<RefundRequestStatus>
          label={t.request}
          value={params.request ?? 'all'}
          allLabel={t.allRequests}
          options={requestOptions}
          onChange={(request) => setParams((p) => ({ ...p, request, page: 1 }))}
        />
        <Button
          variant="quiet"
          disabled={!filtersSet && searchText === ''}
          onClick={() => {
            setSearchText('');
            setParams(initial);
          }}
        >
          <RotateCcw aria-hidden="true" />
          {t.resetFilters}
        </Button>
      </div>

      <Card className="mt-6 overflow-hidden">
        <div className="flex items-center justify-between gap-3 border-b border-border px-5 py-4">
          <h2 className="text-base font-semibold" data-testid="all-orders-heading">
            {t.allOrders(data?.total ?? 0)}
          </h2>
          {list.isFetching && <Spinner aria-label={t.loading} />}
        </div>
        <div className="relative overflow-x-auto">
          <table className="w-full min-w-[56rem] text-left text-sm">
            <thead className="bg-subtle text-xs text-muted-foreground">
              <tr>
                {Object.values(t.columns).map((label) => (
                  <th key={label} scope="col" className="px-5 py-3 font-medium">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {data?.subscriptions.map((order) => (
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
                    {formatAmount(order.amountCents, order.currency)}{' '}
                    {order.testMode && <TestBadge />}
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
              ))}
            </tbody>
          </table>
          {data && data.subscriptions.length === 0 && (
            <p className="px-5 py-12 text-center text-sm text-muted-foreground">{t.empty}</p>
          )}
          {!data && list.isPending && (
            <p className="flex items-center justify-center gap-2 px-5 py-12 text-sm text-muted-foreground">
              <Spinner /> {t.loading}
            </p>
          )}
        </div>
        {data && pages > 1 && (
          <div className="flex items-center justify-between gap-3 border-t border-border px-5 py-3 text-sm">
            <Button
              variant="outline"
              size="sm"
              disabled={params.page <= 1}
              onClick={() => setParams((p) => ({ ...p, page: p.page - 1 }))}
            >
              {t.previous}
            </Button>
            <span className="text-muted-foreground">{t.pageOf(params.page, pages)}</span>
            <Button
              variant="outline"
              size="sm"
              disabled={params.page >= pages}
              onClick={() => setParams((p) => ({ ...p, page: p.page + 1 }))}
            >
              {t.next}
            </Button>
          </div>
        )}
      </Card>

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
