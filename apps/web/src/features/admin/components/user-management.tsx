import {
  adminUserTexts as t,
  toastConfig,
  type AdminUser,
  type UserStatus,
} from '@cutout/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, MoreHorizontal, Plus, RotateCcw, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toastError } from '../../../lib/error-toast';
import { loadToast } from '../../../lib/toast';
import { useEntryToast } from '../../../lib/use-entry-toast';
import {
  adminUsersKey,
  adminUsersQueryOptions,
  resetUserUsage,
  updateAdminUser,
  type UserListParams,
} from '../api/admin-users';
import { adminUsersUiTexts as ui } from '../texts';
import { planOptions, statusOptions } from '../user-options';
import { AdjustCreditsDialog } from './adjust-credits-dialog';
import { AddUserDialog, DeleteUserDialog, EditSubscriptionDialog } from './user-dialogs';

const initial: UserListParams = { search: '', plan: 'all', status: 'all', page: 1 };

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

export function FilterMenu<T extends string>({
  label,
  value,
  allLabel,
  options,
  onChange,
}: {
  label: string;
  value: T | 'all';
  allLabel: string;
  options: readonly { value: T; label: string }[];
  onChange: (value: T | 'all') => void;
}) {
  const current = options.find((o) => o.value === value)?.label ?? allLabel;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" aria-label={`${label}: ${current}`}>
          <span className="text-muted-foreground">{label}:</span> {current}
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="min-w-44">
        <DropdownMenuRadioGroup value={value} onValueChange={(v) => onChange(v as T | 'all')}>
          <DropdownMenuRadioItem value="all">{allLabel}</DropdownMenuRadioItem>
          {options.map((o) => (
            <DropdownMenuRadioItem key={o.value} value={o.value}>
              {o.label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function StatusBadge({ status }: { status: UserStatus }) {
  return status === 'active' ? (
    <Badge className="bg-emerald-500/10 text-emerald-700 ring-emerald-500/20 dark:text-emerald-400">
      {ui.statuses.active}
    </Badge>
  ) : (
    <Badge variant="outline">{ui.statuses.inactive}</Badge>
  );
}

type Dialogs =
  | { kind: 'edit'; user: AdminUser }
  | { kind: 'credits'; user: AdminUser }
  | { kind: 'delete'; user: AdminUser }
  | { kind: 'add' }
  | null;

/** User Management (spec §2 Admin): search, filters, the table, its actions and dialogs. */
export function UserManagement() {
  const queryClient = useQueryClient();
  const [params, setParams] = useState<UserListParams>(initial);
  const [searchText, setSearchText] = useState('');
  const [dialog, setDialog] = useState<Dialogs>(null);

  useEntryToast({
    id: 'admin-users-entry',
    title: t.entryToastTitle,
    description: t.entryToastDescription,
    durationMs: toastConfig.entryToastMs,
  });

  // Typing narrows the table on the server, a moment after the last key.
  useEffect(() => {
    const timer = setTimeout(() => {
      setParams((p) => (p.search === searchText ? p : { ...p, search: searchText, page: 1 }));
    }, 300);
    return () => clearTimeout(timer);
  }, [searchText]);

  const list = useQuery(adminUsersQueryOptions(params));
  useEffect(() => {
    if (list.isError) void toastError(list.error, { title: t.loadFailed, fallback: t.loadError });
  }, [list.isError, list.error]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: adminUsersKey });

  const toggle = useMutation({
    mutationFn: (user: AdminUser) =>
      updateAdminUser(user.id, { status: user.status === 'active' ? 'inactive' : 'active' }),
    onSuccess: async (user) => {
      await refresh();
      void loadToast().then((toast) => toast.success(`${user.name}: ${ui.statuses[user.status]}`));
    },
    onError: (error, user) =>
      void toastError(error, {
        title: t.toggleFailed(user.status === 'active' ? 'deactivate' : 'activate'),
        fallback: t.actionError,
      }),
  });

  const reset = useMutation({
    mutationFn: (user: AdminUser) => resetUserUsage(user.id),
    onSuccess: async () => {
      await refresh();
      void loadToast().then((toast) => toast.success(t.usageReset));
    },
    onError: (error) => void toastError(error, { title: t.resetFailed, fallback: t.resetError }),
  });

  const filtersSet = params.search !== '' || params.plan !== 'all' || params.status !== 'all';
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.perPage)) : 1;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t.title}</h1>
        <Button onClick={() => setDialog({ kind: 'add' })}>
          <Plus aria-hidden="true" />
          {t.addUser}
        </Button>
      </div>

      <div className="mt-6 flex flex-wrap items-center gap-2">
        <div className="relative w-full sm:w-72">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label={ui.searchLabel}
            placeholder={t.searchPlaceholder}
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            className="pl-9"
          />
        </div>
        <FilterMenu
          label={t.plan}
          value={params.plan}
          allLabel={ui.allPlans}
          options={planOptions}
          onChange={(plan) => setParams((p) => ({ ...p, plan, page: 1 }))}
        />
        <FilterMenu
          label={t.status}
          value={params.status}
          allLabel={ui.allStatuses}
          options={statusOptions}
          onChange={(status) => setParams((p) => ({ ...p, status, page: 1 }))}
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
          <h2 className="text-base font-semibold" data-testid="all-users-heading">
            {t.allUsers(data?.total ?? 0)}
          </h2>
          {list.isFetching && <Spinner aria-label={ui.loading} />}
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
              {data?.users.map((user) => (
                <tr key={user.id} data-testid="user-row" data-email={user.email}>
                  <td className="px-5 py-3">
                    <div className="font-medium">
                      {user.name}
                      {user.role === 'admin' && (
                        <Badge variant="outline" className="ml-2">
                          {ui.admin}
                        </Badge>
                      )}
                    </div>
                    <div className="text-xs text-muted-foreground">{user.email}</div>
                  </td>
                  <td className="px-5 py-3">
                    <StatusBadge status={user.status} />
                  </td>
                  <td className="px-5 py-3">
                    {/* The pack bought last, or Free; an admin's plan choice shows with a *. */}
                    <span title={user.planSource === 'admin' ? ui.planSetByAdmin : undefined}>
                      {user.planSource === 'admin'
                        ? ui.plans[user.plan]
                        : (user.lastPack ?? ui.plans.free)}
                      {user.planSource === 'admin' && (
                        <span className="text-muted-foreground">*</span>
                      )}
                    </span>
                  </td>
                  <td className="px-5 py-3 tabular-nums whitespace-nowrap">
                    <span data-testid="user-limit">{user.imagesLimit}</span>
                    <span
                      className="block text-xs text-muted-foreground"
                      data-testid="user-balance"
                    >
                      {ui.balance(user.credits)}
                    </span>
                  </td>
                  <td className="px-5 py-3 tabular-nums">{user.imagesProcessed}</td>
                  <td className="px-5 py-3 whitespace-nowrap">{formatDate(user.joined)}</td>
                  <td className="px-5 py-3">
                    <DropdownMenu>
                      <DropdownMenuTrigger asChild>
                        <Button variant="ghost" size="icon" aria-label={ui.actionsFor(user.name)}>
                          <MoreHorizontal aria-hidden="true" />
                        </Button>
                      </DropdownMenuTrigger>
                      <DropdownMenuContent align="end" className="min-w-48">
                        <DropdownMenuItem onSelect={() => setDialog({ kind: 'edit', user })}>
                          {t.editSubscription}
                        </DropdownMenuItem>
                        <DropdownMenuItem onSelect={() => setDialog({ kind: 'credits', user })}>
                          {ui.adjustCredits}
                        </DropdownMenuItem>
                        <DropdownMenuItem onSelect={() => reset.mutate(user)}>
                          {t.resetUsage}
                        </DropdownMenuItem>
                        <DropdownMenuItem onSelect={() => toggle.mutate(user)}>
                          {user.status === 'active' ? t.deactivate : t.activate}
                        </DropdownMenuItem>
                        <DropdownMenuSeparator />
                        <DropdownMenuItem
                          className="text-red-600 dark:text-red-400"
                          onSelect={() => setDialog({ kind: 'delete', user })}
                        >
                          {t.deleteUser}
                        </DropdownMenuItem>
                      </DropdownMenuContent>
                    </DropdownMenu>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {data && data.users.length === 0 && (
            <p className="px-5 py-12 text-center text-sm text-muted-foreground">{t.empty}</p>
          )}
          {!data && list.isPending && (
            <p className="flex items-center justify-center gap-2 px-5 py-12 text-sm text-muted-foreground">
              <Spinner /> {ui.loading}
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
              {ui.previous}
            </Button>
            <span className="text-muted-foreground">{ui.pageOf(params.page, pages)}</span>
            <Button
              variant="outline"
              size="sm"
              disabled={params.page >= pages}
              onClick={() => setParams((p) => ({ ...p, page: p.page + 1 }))}
            >
              {ui.next}
            </Button>
          </div>
        )}
      </Card>

      <AddUserDialog
        open={dialog?.kind === 'add'}
        onOpenChange={(open) => !open && setDialog(null)}
        onDone={refresh}
      />
      {dialog?.kind === 'edit' && (
        <EditSubscriptionDialog
          user={dialog.user}
          onOpenChange={(open) => !open && setDialog(null)}
          onDone={refresh}
        />
      )}
      {dialog?.kind === 'credits' && (
        <AdjustCreditsDialog
          user={dialog.user}
          onOpenChange={(open) => !open && setDialog(null)}
          onDone={refresh}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteUserDialog
          user={dialog.user}
          onOpenChange={(open) => !open && setDialog(null)}
          onDone={refresh}
        />
      )}
    </div>
  );
}
