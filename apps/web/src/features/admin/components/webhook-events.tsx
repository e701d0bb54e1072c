import { webhookOutcomes, type WebhookEvent, type WebhookOutcome } from '@cutout/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FilterMenu } from '../../../components/list/filter-menu';
import { ListToolbar } from '../../../components/list/list-toolbar';
import { PagedListTable } from '../../../components/list/paged-list-table';
import { SearchBox } from '../../../components/list/search-box';
import { useListParams } from '../../../components/list/use-list-params';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toastError } from '../../../lib/error-toast';
import { formatDate } from '../../../lib/format-date';
import { loadToast } from '../../../lib/toast';
import { useErrorToast } from '../../../lib/use-error-toast';
import {
  adminSubscriptionsKey,
  replayWebhookEvent,
  webhookEventsQueryOptions,
  type WebhookEventListParams,
} from '../api/admin-subscriptions';
import { webhookEventsTexts as t } from '../texts';

// Below the orders on /admin/subscriptions: every webhook received (decision 0262). An order's
// own webhooks show in its detail; here are also those that match no order, a forged signature
// among them, and a failed one can be applied again.

const blank: WebhookEventListParams = { search: '', outcome: 'all', page: 1 };

const outcomeOptions = webhookOutcomes.map((value) => ({
  value,
  label: value.replaceAll('_', ' '),
}));
const troubled = new Set<WebhookOutcome>(['invalid_signature', 'malformed', 'failed']);

function ReplayButton({ event }: { event: WebhookEvent }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const replay = async () => {
    setBusy(true);
    try {
      const again = await replayWebhookEvent(event.id);
      void loadToast().then((toast) => toast.success(t.replayed(again.outcome)));
      await queryClient.invalidateQueries({ queryKey: adminSubscriptionsKey });
    } catch (error) {
      await toastError(error, { title: t.replayFailed, fallback: t.replayFailed });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={busy}
      aria-label={t.replayLabel(event.eventName ?? event.id)}
      onClick={() => void replay()}
    >
      {busy ? <Spinner /> : null}
      {t.replay}
    </Button>
  );
}

export function WebhookEvents() {
  const list = useListParams(blank);
  const events = useQuery(webhookEventsQueryOptions(list.query));
  useErrorToast(events.error, { title: t.loadFailed });
  return (
    <section className="mt-12" aria-label={t.title(events.data?.total ?? 0)}>
      <p className="max-w-3xl text-sm text-muted-foreground">{t.intro}</p>
      <ListToolbar className="mt-4" reset={list.resetProps(t.resetFilters)}>
        <SearchBox label={t.searchLabel} placeholder={t.searchPlaceholder} {...list.searchProps} />
        <FilterMenu
          label={t.outcome}
          allLabel={t.allOutcomes}
          options={outcomeOptions}
          {...list.filterProps('outcome')}
        />
      </ListToolbar>
      <PagedListTable
        className="mt-6"
        columns={Object.values(t.columns)}
        minWidth="min-w-[60rem]"
        title={t.title(events.data?.total ?? 0)}
        titleTestId="webhook-events-heading"
        query={events}
        items={(page) => page.events}
        list={list}
        texts={t}
      >
        {(event) => (
          <tr key={event.id} data-testid="webhook-event-row" data-outcome={event.outcome}>
            <td className="px-5 py-3 text-xs whitespace-nowrap">
              {formatDate(event.receivedAt, 'seconds')}
            </td>
            <td className="px-5 py-3">
              <code className="text-xs">{event.eventName ?? '—'}</code>
              <div className="text-xs text-muted-foreground">{event.provider}</div>
            </td>
            <td className="px-5 py-3 font-mono text-xs break-all">
              {event.providerOrderId ?? '—'}
            </td>
            <td className="px-5 py-3">
              <Badge variant={event.signatureValid ? 'outline' : 'soft'}>
                {event.signatureValid ? t.valid : t.invalid}
              </Badge>
            </td>
            <td className="px-5 py-3">
              <Badge
                variant="outline"
                className={
                  troubled.has(event.outcome as WebhookOutcome)
                    ? 'text-red-700 dark:text-red-400'
                    : undefined
                }
              >
                {event.outcome.replaceAll('_', ' ')}
              </Badge>
            </td>
            <td className="max-w-xs px-5 py-3 text-xs text-muted-foreground">
              {event.detail ?? '—'}
            </td>
            <td className="px-5 py-3">
              {event.outcome === 'failed' && event.signatureValid ? (
                <ReplayButton event={event} />
              ) : null}
            </td>
          </tr>
        )}
      </PagedListTable>
    </section>
  );
}
