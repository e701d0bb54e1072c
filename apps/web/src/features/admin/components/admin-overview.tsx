import { paths, type AdminOverview, type AuditEntryView } from '@cutout/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Cpu,
  CreditCard,
  Image,
  Layers,
  OctagonAlert,
  ShieldOff,
  ShoppingCart,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { StatCard } from '../../../components/list/stat-card';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { toastError } from '../../../lib/error-toast';
import { loadToast } from '../../../lib/toast';
import {
  adminOverviewQueryOptions,
  adminPreferencesQueryOptions,
  updateAdminPreferences,
} from '../api/admin-overview';
import { adminOverviewTexts as t } from '../texts';
import { describeEntry } from './audit-log';
import { formatDate } from '../../../lib/format-date';
import { useErrorToast } from '../../../lib/use-error-toast';

const number = new Intl.NumberFormat('en-US');

/** No provider can sell: nothing is on sale until one is set up (decision 0120). */
function SetUpPaymentsCard() {
  return (
    <OperatorNotice
      icon={<CreditCard />}
      title={t.setUpPaymentsTitle}
      body={t.setUpPaymentsBody}
      testId="set-up-payments"
    />
  );
}

/**
 * Something only the operator needs to know (payments not set up, no bot check): said here, in
 * the admin area, never on the pages customers see (issue 26).
 */
function OperatorNotice({
  icon,
  title,
  body,
  testId,
}: {
  icon: ReactNode;
  title: string;
  body: string;
  testId: string;
}) {
  return (
    <Card className="border-amber-500/40 bg-amber-500/5 p-5" data-testid={testId}>
      <div className="flex items-center gap-2 text-sm font-semibold">
        <span aria-hidden="true" className="text-amber-700 dark:text-amber-400 [&_svg]:size-4">
          {icon}
        </span>
        {title}
      </div>
      <p className="mt-2 text-sm text-muted-foreground">{body}</p>
      <Link
        to={paths.adminIntegrationSettings}
        className="mt-3 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        {t.setUpPaymentsAction}
      </Link>
    </Card>
  );
}

function HealthDot({ status }: { status: AdminOverview['engine']['status'] }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block size-2 rounded-full',
        status === 'ok' ? 'bg-emerald-500' : status === 'down' ? 'bg-red-500' : 'bg-amber-500',
      )}
    />
  );
}

function Toggle({
  label,
  description,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  description: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div>
        <p className="text-sm font-medium">{label}</p>
        <p className="text-xs text-muted-foreground">{description}</p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={label}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50',
          checked ? 'bg-primary' : 'bg-muted-foreground/30',
        )}
      >
        <span
          className={cn(
            'inline-block size-5 rounded-full bg-background shadow transition-transform',
            checked ? 'translate-x-5' : 'translate-x-0.5',
          )}
        />
      </button>
    </div>
  );
}

function Preferences() {
  const queryClient = useQueryClient();
  const prefs = useQuery(adminPreferencesQueryOptions);
  const save = useMutation({
    mutationFn: updateAdminPreferences,
    onSuccess: (data) => {
      queryClient.setQueryData(adminPreferencesQueryOptions.queryKey, data);
      void loadToast().then((toast) => toast.success(t.prefsSaved));
    },
    onError: (error) => void toastError(error, { title: t.prefsFailed, fallback: t.prefsFailed }),
  });
  const busy = prefs.isPending || save.isPending;
  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold">{t.settings}</h2>
      <div className="mt-2 divide-y divide-border">
        <Toggle
          label={t.notifications}
          description={t.notificationsDescription}
          checked={prefs.data?.notifications ?? false}
          disabled={busy}
          onChange={(notifications) => save.mutate({ notifications })}
        />
        <Toggle
          label={t.securityAlerts}
          description={t.securityAlertsDescription}
          checked={prefs.data?.securityAlerts ?? false}
          disabled={busy}
          onChange={(securityAlerts) => save.mutate({ securityAlerts })}
        />
      </div>
    </Card>
  );
}

function RecentActivity({ entries }: { entries: AuditEntryView[] }) {
  return (
    <Card className="p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-base font-semibold">{t.activity}</h2>
        <Link to={paths.adminAuditLog} className="text-sm text-primary hover:underline">
          {t.viewAuditLog}
        </Link>
      </div>
      {entries.length === 0 ? (
        <p className="mt-4 text-sm text-muted-foreground">{t.noActivity}</p>
      ) : (
        <ul className="mt-3 divide-y divide-border" data-testid="recent-activity">
          {entries.map((e) => (
            <li
              key={e.id}
              className="flex flex-wrap items-baseline justify-between gap-2 py-2.5 text-sm"
            >
              <span>
                <span className="font-medium">{e.actorEmail ?? 'System'}</span>{' '}
                <span className="text-muted-foreground">{describeEntry(e)}</span>
              </span>
              <time className="text-xs text-muted-foreground" dateTime={e.createdAt}>
                {formatDate(e.createdAt, 'dateTime')}
              </time>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** /admin (spec §2 Admin): figures from stored data, activity from the audit log, the toggles. */
export function AdminOverviewPanel() {
  const overview = useQuery(adminOverviewQueryOptions);
  useErrorToast(overview.error, { title: t.loadFailed, fallback: t.loadFailed });
  const o = overview.data;
  if (!o) {
    return (
      <p className="mt-10 flex items-center gap-2 text-sm text-muted-foreground">
        {overview.isPending && <Spinner />} {overview.isPending ? '' : t.loadFailed}
      </p>
    );
  }
  return (
    <div className="mt-8 grid gap-6">
      <p className="text-xs text-muted-foreground">
        {t.updated(formatDate(o.generatedAt, 'dateTime'))}
      </p>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <StatCard
          label={t.users}
          value={number.format(o.users.total)}
          detail={t.newThisWeek(o.users.newLast7Days)}
          icon={<Users />}
          testId="figure-users"
        />
        <StatCard
          label={t.imagesToday}
          value={number.format(o.images.today)}
          detail={`${t.images7}: ${number.format(o.images.last7Days)} · ${t.images30}: ${number.format(o.images.last30Days)}`}
          icon={<Image />}
          testId="figure-images"
        />
        {o.payments.configured ? (
          <StatCard
            label={t.creditsSold}
            value={o.sales ? number.format(o.sales.creditsSold30Days) : t.noSales}
            detail={
              o.sales
                ? t.salesDetail(
                    new Intl.NumberFormat('en-US', {
                      style: 'currency',
                      currency: o.sales.revenue30Days.currency,
                    }).format(o.sales.revenue30Days.amount),
                    o.sales.liveOrders30Days,
                    o.sales.testOrders30Days,
                  )
                : t.noSalesDetail(t.providerNames[o.payments.provider])
            }
            icon={<ShoppingCart />}
            testId="figure-sales"
          />
        ) : (
          <SetUpPaymentsCard />
        )}
        {o.botCheck ? null : (
          <OperatorNotice
            icon={<ShieldOff />}
            title={t.noBotCheckTitle}
            body={t.noBotCheckBody}
            testId="no-bot-check"
          />
        )}
        <StatCard
          label={t.jobsFailed}
          value={number.format(o.jobs.failed30Days)}
          detail={t.failedDetail(o.jobs.failedToday, o.jobs.failed30Days)}
          icon={<OctagonAlert />}
          testId="figure-failed"
        />
        <StatCard
          label={t.queue}
          value={
            <span className="inline-flex items-center gap-2">
              <HealthDot status={o.queue.health.status} />
              {number.format(o.queue.waiting)}
            </span>
          }
          detail={t.queueDetail(
            o.queue.running,
            o.queue.workers,
            o.queue.waiting,
            o.queue.capacity,
          )}
          icon={<Layers />}
          testId="figure-queue"
        />
        <StatCard
          label={t.engine}
          value={
            <span className="inline-flex items-center gap-2">
              <HealthDot status={o.engine.status} />
              {t.health[o.engine.status]}
            </span>
          }
          detail={o.engine.detail}
          icon={<Cpu />}
          testId="figure-engine"
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <RecentActivity entries={o.recentActivity} />
        <Preferences />
      </div>
    </div>
  );
}
