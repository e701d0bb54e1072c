import { creditsRemovedBy, refundRuleTexts, type AdminSubscriptionDetail } from '@cutout/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { BusyButton } from '../../../components/ui/busy-button';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toastError } from '../../../lib/error-toast';
import { loadToast } from '../../../lib/toast';
import { formatAmount } from '../../payments';
import {
  adminSubscriptionQueryOptions,
  refundSubscription,
  saveSubscriptionNote,
} from '../api/admin-subscriptions';
import { adminSubscriptionsTexts as t } from '../texts';
import { OrderStatusBadge, TestBadge } from './order-badges';
import { HeldOrderPanel, InvoiceList, RefundRequestPanel } from './order-resolution';
import { formatDate } from '../../../lib/format-date';
import { useErrorToast } from '../../../lib/use-error-toast';
import { TextareaField } from '../../../components/ui/textarea-field';

const deadlineIn = (ms: number) => Date.now() + ms;
const passed = (deadline: number) => Date.now() > deadline;
const at = (iso: string | null) => formatDate(iso, 'dateTime');

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-6">
      <h3 className="mb-2 text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function Lot({ lot }: { lot: AdminSubscriptionDetail['lot'] }) {
  if (!lot) return <p className="text-sm text-muted-foreground">{t.detail.noLot}</p>;
  const cells: [string, ReactNode][] = [
    [t.detail.granted, lot.granted],
    [t.detail.remaining, lot.remaining],
    [t.detail.lotRefunded, lot.refunded],
    [t.detail.usedOrExpired, lot.usedOrExpired],
  ];
  return (
    <>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="order-lot">
        {cells.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-border p-3">
            <div className="text-xs text-muted-foreground">{label}</div>
            <div className="text-lg font-semibold tabular-nums" data-testid={`lot-${label}`}>
              {value}
            </div>
          </div>
        ))}
      </div>
      <p className="mt-2 text-xs text-muted-foreground">
        {t.detail.expires}: {lot.expiresAt ? at(lot.expiresAt) : t.detail.never}
        {lot.expired ? ` (${t.detail.expired})` : ''}
      </p>
    </>
  );
}

function NoteForm({ id, note, onSaved }: { id: string; note: string | null; onSaved: () => void }) {
  const [text, setText] = useState(note ?? '');
  const save = useMutation({
    mutationFn: () => saveSubscriptionNote(id, text),
    onSuccess: () => {
      onSaved();
      void loadToast().then((toast) => toast.success(t.detail.noteSaved));
    },
    onError: (error) => void toastError(error, { title: t.detail.noteFailed }),
  });
  return (
    <form
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <TextareaField
        label={t.detail.note}
        hint={t.detail.noteHint}
        rows={2}
        maxLength={1000}
        value={text}
        onValueChange={setText}
      />
      <div>
        <Button
          type="submit"
          variant="outline"
          size="sm"
          disabled={save.isPending || text === (note ?? '')}
        >
          {save.isPending && <Spinner />}
          {t.detail.saveNote}
        </Button>
      </div>
    </form>
  );
}

/** One order: its facts, buyer, lot, ledger rows and webhooks; the note; Refund with a confirmation. */
export function SubscriptionDetailDialog({
  id,
  onOpenChange,
  onChanged,
}: {
  id: string;
  onOpenChange: (open: boolean) => void;
  onChanged: () => Promise<unknown>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [amount, setAmount] = useState('');
  const [goodwill, setGoodwill] = useState(false);
  const [awaitingRefund, setAwaitingRefund] = useState(false);
  const detail = useQuery(adminSubscriptionQueryOptions(id));
  const d = detail.data;

  useErrorToast(detail.error, { title: t.detail.loadFailed });

  // The provider confirms a refund with its own webhook: watch the order (up to 30 s) and tell
  // the admin what really happened.
  const watchRefund = async (refundedBefore: number) => {
    setAwaitingRefund(true);
    const end = deadlineIn(30_000);
    try {
      for (;;) {
        const { data } = await detail.refetch();
        if (data && data.subscription.refundedCents > refundedBefore) {
          const removed = data.subscription.refundedCredits;
          void loadToast().then((toast) => toast.success(t.refundDone(removed)));
          return;
        }
        if (passed(end)) return;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    } finally {
      setAwaitingRefund(false);
      void onChanged();
    }
  };

  // The amount in the dialog, in cents; empty or the whole rest refunds what is left.
  const amountCents = (() => {
    const text = amount.trim().replace(/^\$/, '');
    if (text === '') return undefined;
    const value = Number(text);
    return Number.isFinite(value) ? Math.round(value * 100) : Number.NaN;
  })();
  const refund = useMutation({
    mutationFn: () => refundSubscription(id, amountCents, goodwill),
    onSuccess: async (order) => {
      setConfirming(false);
      void loadToast().then((toast) =>
        toast.success(t.refundRequested, { description: t.refundRequestedDetail(order.provider) }),
      );
      await onChanged();
      void watchRefund(order.refundedCents);
    },
    onError: (error) => {
      setConfirming(false);
      void toastError(error, { title: t.refundFailed });
    },
  });

  const s = d?.subscription;
  return (
    <Dialog open onOpenChange={(next) => !refund.isPending && onOpenChange(next)}>
      <DialogContent size="lg" data-testid="order-detail">
        <DialogTitle>{s ? t.detail.title(s.receiptNumber) : t.detail.order}</DialogTitle>
        <DialogDescription>{t.detail.description}</DialogDescription>
        {!d && (
          <p className="flex items-center gap-2 py-10 text-sm text-muted-foreground">
            <Spinner /> {t.loading}
          </p>
        )}
        {d && s && (
          <>
            <div className="mt-4 flex flex-wrap items-center gap-2">
              <OrderStatusBadge status={s.status} />
              {s.testMode && <TestBadge />}
              {awaitingRefund && (
                <Badge variant="outline">
                  <Spinner /> {t.refundRequested}
                </Badge>
              )}
            </div>
            {s.status === 'needs_review' && (
              <HeldOrderPanel
                detail={d}
                onDone={() => Promise.all([detail.refetch(), onChanged()])}
              />
            )}
            {s.refundRequest && (
              <RefundRequestPanel
                detail={d}
                onDone={async () => {
                  await Promise.all([detail.refetch(), onChanged()]);
                  if (s.refundRequest?.status === 'requested') void watchRefund(s.refundedCents);
                }}
              />
            )}

            <div className="mt-4 grid gap-6 sm:grid-cols-2">
              <Section title={t.detail.order}>
                <Facts
                  rows={[
                    [t.detail.amount, formatAmount(s.amountCents, s.currency)],
                    [t.plan, s.planName ?? t.unknownPlan],
                    [t.columns.credits, s.credits],
                    [t.detail.provider, s.provider],
                    [
                      t.detail.providerOrderId,
                      <code className="text-xs">{s.providerOrderId}</code>,
                    ],
                    [t.detail.orderId, <code className="text-xs">{s.id}</code>],
                    [t.detail.paidAt, at(s.paidAt)],
                    [t.detail.refundedAt, at(s.refundedAt)],
                  ]}
                />
              </Section>
              <Section title={t.detail.buyer}>
                {d.buyer ? (
                  <Facts
                    rows={[
                      [t.columns.buyer, d.buyer.name],
                      ['E-mail', d.buyer.email],
                      [
                        t.detail.balance,
                        <span data-testid="buyer-balance">{d.buyer.balance}</span>,
                      ],
                    ]}
                  />
                ) : (
                  <p className="text-sm text-muted-foreground">
                    {t.deletedBuyer}
                    {s.buyerEmail ? ` (${s.buyerEmail})` : ''}
                  </p>
                )}
              </Section>
            </div>

            <Section title={t.detail.lot}>
              <Lot lot={d.lot} />
            </Section>

            <Section title={t.detail.ledger}>
              {d.ledger.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t.detail.noLedger}</p>
              ) : (
                <ul className="divide-y divide-border rounded-lg border border-border text-sm">
                  {d.ledger.map((r) => (
                    <li key={r.id} className="flex flex-wrap items-baseline gap-x-3 px-3 py-2">
                      <span className="font-medium tabular-nums">
                        {r.amount > 0 ? `+${r.amount}` : r.amount}
                      </span>
                      <Badge variant="outline">{r.kind}</Badge>
                      <span className="min-w-0 flex-1 text-muted-foreground">{r.reason}</span>
                      <span className="text-xs text-muted-foreground">{at(r.createdAt)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Section>

            <Section title={t.detail.webhooks}>
              {d.webhookEvents.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t.detail.noWebhooks}</p>
              ) : (
                <ul
                  className="divide-y divide-border rounded-lg border border-border text-sm"
                  data-testid="order-webhooks"
                >
                  {d.webhookEvents.map((e) => (
                    <li key={e.id} className="flex flex-wrap items-baseline gap-x-3 px-3 py-2">
                      <code className="text-xs">{e.eventName ?? '—'}</code>
                      <Badge variant="outline">{e.outcome}</Badge>
                      <span className="min-w-0 flex-1 text-muted-foreground">{e.detail}</span>
                      <span className="text-xs text-muted-foreground">{at(e.receivedAt)}</span>
                    </li>
                  ))}
                </ul>
              )}
              {d.deliveries.length > 0 && (
                <>
                  <h4 className="mt-3 mb-1 text-xs font-medium text-muted-foreground">
                    {t.detail.deliveries}
                  </h4>
                  <ul className="divide-y divide-border rounded-lg border border-border text-sm">
                    {d.deliveries.map((x) => (
                      <li key={x.id} className="flex flex-wrap items-baseline gap-x-3 px-3 py-2">
                        <code className="text-xs">{x.eventName}</code>
                        <Badge variant="outline">{x.status}</Badge>
                        <span className="flex-1 text-muted-foreground">
                          {t.detail.deliveryAttempts(x.attempts)}
                          {x.lastStatus ? ` · HTTP ${x.lastStatus}` : ''}
                          {x.lastError ? ` · ${x.lastError}` : ''}
                        </span>
                        <span className="text-xs text-muted-foreground">{at(x.lastAttemptAt)}</span>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </Section>

            <Section title={t.invoices}>
              <InvoiceList detail={d} />
            </Section>

            <div className="mt-6">
              <NoteForm
                key={s.note ?? ''}
                id={s.id}
                note={s.note}
                onSaved={() => void Promise.all([detail.refetch(), onChanged()])}
              />
            </div>

            {confirming ? (
              <RefundConfirmation
                detail={d}
                amount={amount}
                amountCents={amountCents}
                goodwill={goodwill}
                busy={refund.isPending}
                onAmount={setAmount}
                onGoodwill={setGoodwill}
                onConfirm={() => refund.mutate()}
                onCancel={() => setConfirming(false)}
              />
            ) : null}

            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">{t.detail.close}</Button>
              </DialogClose>
              <Button
                variant="destructive"
                disabled={!d.refundable || confirming || awaitingRefund}
                title={d.refundable ? undefined : t.notRefundable}
                onClick={() => setConfirming(true)}
              >
                {t.refund}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * Refund's confirmation (decisions 0121, 0263): the amount (the unused credits' share unless
 * typed), what it does — its texts follow the amount typed, with the credits it would remove
 * computed by the one refund rule — and a goodwill refund of used credits, a deliberate choice.
 */
function RefundConfirmation({
  detail: d,
  amount,
  amountCents,
  goodwill,
  busy,
  onAmount,
  onGoodwill,
  onConfirm,
  onCancel,
}: {
  detail: AdminSubscriptionDetail;
  amount: string;
  amountCents: number | undefined;
  goodwill: boolean;
  busy: boolean;
  onAmount: (value: string) => void;
  onGoodwill: (value: boolean) => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const s = d.subscription;
  const most = goodwill ? d.goodwillCents : d.refundableCents;
  const invalid =
    most <= 0 ||
    (amountCents !== undefined &&
      (!Number.isFinite(amountCents) || amountCents <= 0 || amountCents > most));
  const refunded = amountCents !== undefined && Number.isFinite(amountCents) ? amountCents : most;
  const removes = creditsRemovedBy(d.refundState, d.refundState.refundedCents + refunded);
  const hint = t.refundAmountHint(formatAmount(most, s.currency), goodwill);
  return (
    <div
      role="alertdialog"
      aria-labelledby="refund-title"
      className="mt-6 rounded-xl border border-red-500/40 bg-red-500/5 p-4"
      data-testid="refund-confirmation"
    >
      <h3 id="refund-title" className="font-semibold">
        {t.refundTitle}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground" data-testid="refund-effect">
        {most <= 0
          ? t.refundNothingUnused
          : t.refundConfirm(
              formatAmount(refunded, s.currency),
              s.buyerEmail ?? t.deletedBuyer,
              s.provider,
              removes,
            )}
      </p>
      <p className="mt-1 text-xs text-muted-foreground">{refundRuleTexts.rule}</p>
      <FormField
        className="mt-3 max-w-xs"
        label={t.refundAmount}
        hint={hint}
        error={invalid && amountCents !== undefined ? hint : undefined}
      >
        {(props) => (
          <Input
            {...props}
            inputMode="decimal"
            placeholder={(most / 100).toFixed(2)}
            value={amount}
            onChange={(e) => onAmount(e.target.value)}
          />
        )}
      </FormField>
      {d.goodwillCents > d.refundableCents ? (
        <label className="mt-3 flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-[var(--color-primary)]"
            checked={goodwill}
            onChange={(e) => onGoodwill(e.target.checked)}
          />
          {t.goodwill(formatAmount(d.goodwillCents, s.currency))}
        </label>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <BusyButton
          variant="destructive"
          busy={busy}
          busyLabel={t.refunding}
          disabled={invalid}
          onClick={onConfirm}
        >
          {goodwill ? t.goodwillYes : t.refundYes}
        </BusyButton>
        <Button variant="outline" disabled={busy} onClick={onCancel}>
          {t.cancel}
        </Button>
      </div>
    </div>
  );
}
