import { auditActions, type AuditEntryView } from '@cutout/contracts';
import { useQuery } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { ListTable } from '../../../components/list/list-table';
import { Pager } from '../../../components/list/pager';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { formatDate } from '../../../lib/format-date';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useErrorToast } from '../../../lib/use-error-toast';
import { auditLogQueryOptions, type AuditFilters } from '../api/admin-overview';
import { auditLogTexts as t } from '../texts';

const verbs: Record<string, string> = {
  [auditActions.userCreate]: 'added user',
  [auditActions.userUpdate]: 'edited the subscription of',
  [auditActions.userResetUsage]: 'reset the usage of',
  [auditActions.userActivate]: 'activated',
  [auditActions.userDeactivate]: 'deactivated',
  [auditActions.userDelete]: 'deleted',
  [auditActions.userRole]: 'changed the role of',
  [auditActions.userCredits]: 'changed the credits of',
  [auditActions.adminSignIn]: 'signed in',
  [auditActions.adminPreferences]: 'changed their alert settings',
  [auditActions.orderRefund]: 'refunded the order of',
  [auditActions.orderNote]: 'noted on the order of',
  [auditActions.orderCredit]: 'credited the held order of',
  [auditActions.refundApprove]: 'approved the refund request of',
  [auditActions.refundDecline]: 'declined the refund request of',
  [auditActions.businessDetails]: 'changed the business details',
  [auditActions.planUpdate]: 'edited',
  [auditActions.adminCredentials]: 'set the admin credentials',
  [auditActions.usersClear]: 'cleared all users',
  [auditActions.integrationsUpdate]: 'changed the integration settings',
  [auditActions.integrationsTestEmail]: 'sent a test e-mail',
};

/** Actions about the admin or the whole site: the verb says it all. */
const selfContained = new Set<string>([
  auditActions.adminSignIn,
  auditActions.adminPreferences,
  auditActions.adminCredentials,
  auditActions.usersClear,
  auditActions.integrationsUpdate,
  auditActions.integrationsTestEmail,
  auditActions.businessDetails,
]);

/** One line about an entry: "deactivated ada@example.com". */
export function describeEntry(e: AuditEntryView): string {
  const verb = verbs[e.action] ?? e.action;
  const who = typeof e.detail?.email === 'string' ? e.detail.email : null;
  if (selfContained.has(e.action)) return e.ip ? `${verb} (${e.ip})` : verb;
  return who ? `${verb} ${who}` : e.targetId ? `${verb} ${e.targetType ?? ''} ${e.targetId}` : verb;
}

type Facts = Record<string, unknown>;
const isFacts = (v: unknown): v is Facts =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const show = (value: unknown) =>
  value === undefined ? '—' : JSON.stringify(value).replace(/^"|"$/g, '');

/** "imagesLimit 12 → 50" for each fact that changed between detail.before and detail.after. */
export function changesOf(detail: Facts | null): string[] {
  if (!detail || !isFacts(detail.before) || !isFacts(detail.after)) return [];
  const before = detail.before;
  const after = detail.after;
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => `${key} ${show(before[key])} → ${show(after[key])}`);
}

function Details({ detail }: { detail: Facts | null }) {
  if (!detail) return <>—</>;
  const changes = changesOf(detail);
  return (
    <div className="grid gap-1 text-xs">
      {changes.map((c) => (
        <span key={c}>{c}</span>
      ))}
      {typeof detail.reason === 'string' && (
        <span className="text-muted-foreground">“{detail.reason}”</span>
      )}
      <details>
        <summary className="cursor-pointer text-muted-foreground">{t.allFacts}</summary>
        <pre className="mt-1 break-words whitespace-pre-wrap text-muted-foreground">
          {JSON.stringify(detail, null, 1)}
        </pre>
      </details>
    </div>
  );
}

const empty: AuditFilters = { action: '', actor: '', target: '' };

/** The audit log viewer: newest first, filtered by action prefix, admin and target. */
export function AuditLogViewer() {
  const [draft, setDraft] = useState<AuditFilters>(empty);
  const filters = useDebouncedValue(draft);
  // The cursors of the pages read so far, for the filters they were read with: new filters start
  // again from the newest entry.
  const [read, setRead] = useState<{ filters: AuditFilters; cursors: string[] }>({
    filters,
    cursors: [],
  });
  const cursors = read.filters === filters ? read.cursors : [];
  const before = cursors.at(-1);
  const log = useQuery(auditLogQueryOptions({ ...filters, ...(before ? { before } : {}) }));
  useErrorToast(log.error, { title: t.loadFailed, fallback: t.loadFailed });

  const field = (name: keyof AuditFilters, label: string, placeholder?: string) => (
    <FormField label={label}>
      {(control) => (
        <Input
          {...control}
          value={draft[name] ?? ''}
          placeholder={placeholder}
          onChange={(e) => setDraft((d) => ({ ...d, [name]: e.target.value }))}
        />
      )}
    </FormField>
  );

  return (
    <div className="mt-6 grid gap-6">
      <div className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_1fr_auto]">
        {field('action', t.action, t.actionPlaceholder)}
        {field('actor', t.actor)}
        {field('target', t.target)}
        <Button variant="quiet" onClick={() => setDraft(empty)}>
          <RotateCcw aria-hidden="true" />
          {t.reset}
        </Button>
      </div>
      <ListTable
        columns={[t.when, t.who, t.what, t.targetColumn, t.details, t.address]}
        minWidth="min-w-[48rem]"
        label={t.tableLabel}
        bodyClassName="align-top"
        rows={log.data?.entries.length}
        pending={log.isPending}
        texts={{ empty: t.empty }}
        footer={
          <Pager
            previous={{
              label: t.newest,
              disabled: cursors.length === 0,
              onClick: () => setRead({ filters, cursors: [] }),
            }}
            next={{
              label: t.older,
              disabled: !log.data?.nextBefore,
              onClick: () => {
                const next = log.data?.nextBefore;
                if (next) setRead({ filters, cursors: [...cursors, next] });
              },
            }}
          />
        }
      >
        {/* Columns keep a readable width: squeezed into a phone's box (it scrolls, decision
            0250), an id broke a letter a line and made each row about 200 px tall (issue 39). */}
        {log.data?.entries.map((e) => (
          <tr key={e.id} data-testid="audit-row" data-action={e.action}>
            <td className="px-5 py-3 whitespace-nowrap">
              <time dateTime={e.createdAt}>{formatDate(e.createdAt, 'seconds')}</time>
            </td>
            <td className="px-5 py-3 whitespace-nowrap">{e.actorEmail ?? t.system}</td>
            <td className="min-w-48 px-5 py-3">
              <code className="text-xs">{e.action}</code>
              <div className="text-xs text-muted-foreground">{describeEntry(e)}</div>
            </td>
            <td className="min-w-48 px-5 py-3 text-xs break-all">
              {e.targetType ? `${e.targetType} ${e.targetId ?? ''}` : '—'}
            </td>
            <td className="max-w-sm min-w-64 px-5 py-3">
              <Details detail={e.detail} />
            </td>
            <td className="px-5 py-3 text-xs">{e.ip ?? '—'}</td>
          </tr>
        ))}
      </ListTable>
    </div>
  );
}
