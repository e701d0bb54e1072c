import {
  adminUserTexts as t,
  toastConfig,
  type AdminUser,
  type UserStatus,
} from '@cutout/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MoreHorizontal, Plus } from 'lucide-react';
import { useState, type ComponentType } from 'react';
import { FilterMenu } from '../../../components/list/filter-menu';
import { PagedListTable } from '../../../components/list/paged-list-table';
import { ListToolbar } from '../../../components/list/list-toolbar';
import { SearchBox } from '../../../components/list/search-box';
import { useListParams } from '../../../components/list/use-list-params';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { toastError } from '../../../lib/error-toast';
import { formatDate } from '../../../lib/format-date';
import { useErrorToast } from '../../../lib/use-error-toast';
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
import type { UserDialogProps } from './user-form-dialog';

const initial: UserListParams = { search: '', plan: 'all', status: 'all', page: 1 };

function StatusBadge({ status }: { status: UserStatus }) {
  return status === 'active' ? (
    <Badge className="bg-emerald-500/10 text-emerald-700 ring-emerald-500/20 dark:text-emerald-400">
      {ui.statuses.active}
    </Badge>
  ) : (
    <Badge variant="outline">{ui.statuses.inactive}</Badge>
  );
}

/** The dialogs a row's menu opens, each about that row's user. */
const userDialogs = {
  edit: EditSubscriptionDialog,
  credits: AdjustCreditsDialog,
  delete: DeleteUserDialog,
} satisfies Record<string, ComponentType<UserDialogProps>>;

type Dialogs = { kind: keyof typeof userDialogs; user: AdminUser } | { kind: 'add' } | null;

/** User Management (spec §2 Admin): search, filters, the table, its actions and dialogs. */
export function UserManagement() {
  const queryClient = useQueryClient();
  const list = useListParams(initial);
  const [dialog, setDialog] = useState<Dialogs>(null);

  useEntryToast({
    id: 'admin-users-entry',
    title: t.entryToastTitle,
    description: t.entryToastDescription,
    durationMs: toastConfig.entryToastMs,
  });

  const users = useQuery(adminUsersQueryOptions(list.query));
  useErrorToast(users.error, { title: t.loadFailed, fallback: t.loadError });

  const refresh = () => queryClient.invalidateQueries({ queryKey: adminUsersKey });
  const close = (open: boolean) => !open && setDialog(null);
  const UserDialog = dialog && dialog.kind !== 'add' ? userDialogs[dialog.kind] : null;

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

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t.title}</h1>
        <Button onClick={() => setDialog({ kind: 'add' })}>
          <Plus aria-hidden="true" />
          {t.addUser}
        </Button>
      </div>

      <ListToolbar className="mt-6" reset={list.resetProps(t.resetFilters)}>
        <SearchBox label={ui.searchLabel} placeholder={t.searchPlaceholder} {...list.searchProps} />
        <FilterMenu
          label={t.plan}
          allLabel={ui.allPlans}
          options={planOptions}
          {...list.filterProps('plan')}
        />
        <FilterMenu
          label={t.status}
          allLabel={ui.allStatuses}
          options={statusOptions}
          {...list.filterProps('status')}
        />
      </ListToolbar>

      <PagedListTable
        className="mt-6"
        columns={Object.values(t.columns)}
        minWidth="min-w-[56rem]"
        title={t.allUsers(users.data?.total ?? 0)}
        titleTestId="all-users-heading"
        query={users}
        items={(page) => page.users}
        list={list}
        texts={{ ...ui, empty: t.empty, loading: ui.loading }}
      >
        {(user) => (
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
                {user.planSource === 'admin' && <span className="text-muted-foreground">*</span>}
              </span>
            </td>
            <td className="px-5 py-3 tabular-nums whitespace-nowrap">
              <span data-testid="user-limit">{user.imagesLimit}</span>
              <span className="block text-xs text-muted-foreground" data-testid="user-balance">
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
        )}
      </PagedListTable>

      <AddUserDialog open={dialog?.kind === 'add'} onOpenChange={close} onDone={refresh} />
      {UserDialog && dialog && 'user' in dialog && (
        <UserDialog user={dialog.user} onOpenChange={close} onDone={refresh} />
      )}
    </div>
  );
}
