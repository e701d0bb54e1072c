import { creditsTexts, paths, publicApiLimits, type UserProfile } from '@cutout/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowRight, CalendarDays, Coins, ImageIcon, Layers, Sparkles } from 'lucide-react';
import { useCallback, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { cn } from '../../../lib/cn';
import { creditHistoryPageSize, meQueryKey, useCreditHistory, useMe } from '../api/me';
import { useUsage } from '../api/usage';
import { useFirstVisit } from '../lib/first-visit';
import { formatDate } from '../../../lib/format-date';
import { dashboardTexts } from '../texts';
import { AdSlot } from './ad-slot';
import { EmailConfirmation, type ConfirmationOutcome } from './email-confirmation';

function StatCard({
  title,
  icon,
  children,
  className,
}: {
  title: string;
  icon: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={cn('flex flex-col p-5 shadow-xs', className)}>
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
        <span className="flex size-8 items-center justify-center rounded-lg bg-primary/10 text-primary [&_svg]:size-4">
          {icon}
        </span>
      </div>
      <div className="mt-3 flex flex-1 flex-col">{children}</div>
    </Card>
  );
}

function Skeleton({ className }: { className?: string }) {
  return <span className={cn('block animate-pulse rounded-md bg-muted', className)} />;
}

function UsageCard() {
  const usage = useUsage();
  let body: ReactNode;
  if (usage.isPending) {
    body = <Skeleton className="h-8 w-16" />;
  } else if (usage.isError) {
    body = <p className="text-sm text-muted-foreground">—</p>;
  } else {
    const month = usage.data.images_processed_this_month;
    body = (
      <>
        {month === 0 ? (
          <p className="text-base font-medium">{dashboardTexts.usage.none}</p>
        ) : (
          <>
            <p
              className="text-3xl font-semibold tracking-tight tabular-nums"
              data-testid="usage-month"
            >
              {month}
            </p>
            <p className="mt-1 text-sm text-muted-foreground">{dashboardTexts.usage.label}</p>
          </>
        )}
        <p className="mt-auto pt-3 text-xs text-muted-foreground">
          {dashboardTexts.usage.allTime(usage.data.images_processed)}
        </p>
        <p className="mt-1 text-xs text-muted-foreground" data-testid="usage-free-previews">
          {dashboardTexts.usage.freePreviews(
            usage.data.free_previews_left_this_month,
            publicApiLimits.freePreviewsPerMonth,
          )}
        </p>
      </>
    );
  }
  return (
    <StatCard title={dashboardTexts.usage.title} icon={<ImageIcon aria-hidden="true" />}>
      {body}
    </StatCard>
  );
}

function CreditsCard({ profile }: { profile: UserProfile }) {
  const hasCredits = profile.credits > 0;
  return (
    <StatCard title={dashboardTexts.credits.title} icon={<Coins aria-hidden="true" />}>
      <div className="flex items-baseline gap-2">
        <p
          className="text-3xl font-semibold tracking-tight tabular-nums"
          data-testid="credits-balance"
        >
          {profile.credits}
        </p>
        <span className="text-sm text-muted-foreground">
          {dashboardTexts.credits.available(profile.credits)}
        </span>
      </div>
      <div className="mt-2">
        <Badge variant={hasCredits ? 'soft' : 'outline'}>
          {hasCredits ? creditsTexts.active : creditsTexts.noCredits}
        </Badge>
      </div>
      <Link
        to={paths.dashboardSubscriptions}
        className="mt-auto inline-flex w-fit items-center gap-1 rounded-sm pt-3 text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
      >
        {dashboardTexts.credits.manage}
        <ArrowRight aria-hidden="true" className="size-3.5" />
      </Link>
    </StatCard>
  );
}

function MemberSinceCard({ profile }: { profile: UserProfile }) {
  return (
    <StatCard title={dashboardTexts.memberSince.title} icon={<CalendarDays aria-hidden="true" />}>
      <p className="text-xl font-semibold tracking-tight">
        <time dateTime={profile.createdAt}>{formatDate(profile.createdAt, 'long')}</time>
      </p>
      <p className="mt-auto pt-3 text-xs text-muted-foreground">
        {dashboardTexts.memberSince.accountType[profile.accountType]}
      </p>
    </StatCard>
  );
}

/** No credits: the spec's 'Pro Feature' upgrade prompt instead of the Single/Batch tabs. */
function ProFeaturePrompt() {
  return (
    <Card className="mt-6 flex flex-col gap-5 border-primary/30 bg-gradient-to-br from-primary/8 to-transparent p-6 shadow-xs sm:flex-row sm:items-center sm:justify-between">
      <div className="flex gap-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary text-primary-foreground">
          <Sparkles aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 className="font-semibold">{creditsTexts.proFeature}</h2>
          <p className="mt-1 max-w-xl text-sm text-muted-foreground">
            {dashboardTexts.proFeature.body}
          </p>
        </div>
      </div>
      <Button asChild className="shrink-0">
        <Link to={paths.pricing}>{dashboardTexts.proFeature.action}</Link>
      </Button>
    </Card>
  );
}

export type DashboardTab = 'single' | 'batch';

/** What the Single and Batch tabs hold; the route supplies them (each loads its own chunk). */
export interface DashboardWorkspace {
  single: () => ReactNode;
  batch: (credits: number, onCreditsChanged: () => void) => ReactNode;
}

/**
 * Free users see the ad slot (spec §1, §6): a balance of 0, or credits that were only ever given
 * (no purchase in the ledger). When the ledger is longer than the page read and holds no
 * purchase, whether one was ever made is unknown, and no ad is shown.
 */
function useIsFreeUser(profile: UserProfile | undefined): boolean {
  const history = useCreditHistory();
  if (!profile) return false;
  if (profile.credits === 0) return true;
  if (!history.data) return false;
  const entries = history.data.entries;
  return (
    !entries.some((entry) => entry.kind === 'purchase') && entries.length < creditHistoryPageSize
  );
}

function WorkspaceTabs({
  workspace,
  credits,
  tab,
  onTabChange,
  onCreditsChanged,
}: {
  workspace: DashboardWorkspace;
  credits: number;
  tab: DashboardTab;
  onTabChange: (tab: DashboardTab) => void;
  onCreditsChanged: () => void;
}) {
  return (
    <Tabs
      value={tab}
      onValueChange={(value) => onTabChange(value === 'batch' ? 'batch' : 'single')}
      className="mt-8"
    >
      <TabsList aria-label={dashboardTexts.tabs.label}>
        <TabsTrigger value="single">
          <ImageIcon aria-hidden="true" />
          {dashboardTexts.tabs.single}
        </TabsTrigger>
        <TabsTrigger value="batch">
          <Layers aria-hidden="true" />
          {dashboardTexts.tabs.batch}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="single">{tab === 'single' ? workspace.single() : null}</TabsContent>
      <TabsContent value="batch">
        {tab === 'batch' ? workspace.batch(credits, onCreditsChanged) : null}
      </TabsContent>
    </Tabs>
  );
}

/** The dashboard (spec §2): welcome, Usage, Credits and Member Since cards. */
export function DashboardOverview({
  sessionName,
  sessionUserId,
  workspace,
  tab,
  onTabChange,
  confirmation = null,
}: {
  sessionName: string | null;
  /** Whose first visit it may be: the greeting says 'Welcome' once per account and browser. */
  sessionUserId: string | null;
  workspace?: DashboardWorkspace;
  tab?: DashboardTab;
  onTabChange?: (tab: DashboardTab) => void;
  /** What the mailed confirmation link said (?email=…), if the visit comes from it. */
  confirmation?: ConfirmationOutcome;
}) {
  const me = useMe();
  const queryClient = useQueryClient();
  // The route keeps the tab in the address; without it, the tab is kept here.
  const [ownTab, setOwnTab] = useState<DashboardTab>('single');
  const free = useIsFreeUser(me.data);
  const name = me.data?.name || sessionName;
  const firstVisit = useFirstVisit(sessionUserId);
  // The balance and usage change as images are charged: read them again.
  const onCreditsChanged = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
  }, [queryClient]);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
        {firstVisit
          ? name
            ? dashboardTexts.welcomeFirst(name)
            : dashboardTexts.welcomeFirstNoName
          : name
            ? dashboardTexts.welcome(name)
            : dashboardTexts.welcomeNoName}
      </h1>
      <p className="mt-2 text-muted-foreground">{dashboardTexts.intro}</p>
      {me.isError ? (
        <ErrorAlert className="mt-8">
          <p>{creditsTexts.loadFailed}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void me.refetch()}>
            {dashboardTexts.retry}
          </Button>
        </ErrorAlert>
      ) : (
        <>
          <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <UsageCard />
            {me.isPending ? (
              <>
                <Card className="h-36 animate-pulse bg-muted/40" />
                <Card className="h-36 animate-pulse bg-muted/40" />
              </>
            ) : (
              <>
                <CreditsCard profile={me.data} />
                <MemberSinceCard profile={me.data} />
              </>
            )}
          </div>
          {me.data ? <EmailConfirmation profile={me.data} outcome={confirmation} /> : null}
          {me.data ? (
            me.data.credits > 0 ? (
              workspace ? (
                <WorkspaceTabs
                  workspace={workspace}
                  credits={me.data.credits}
                  tab={tab ?? ownTab}
                  onTabChange={onTabChange ?? setOwnTab}
                  onCreditsChanged={onCreditsChanged}
                />
              ) : null
            ) : (
              <ProFeaturePrompt />
            )
          ) : null}
          {free ? <AdSlot /> : null}
        </>
      )}
    </div>
  );
}
