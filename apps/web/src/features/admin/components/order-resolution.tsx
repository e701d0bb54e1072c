import {
  adminPaymentsApi,
  apiRouteUrl,
  refundRuleTexts,
  type AdminSubscriptionDetail,
} from '@cutout/contracts';
import { useMutation } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toastError } from '../../../lib/error-toast';
import { loadToast } from '../../../lib/toast';
import { formatAmount } from '../../payments';
import {
  approveRefundRequest,
  creditHeldOrder,
  declineRefundRequest,
} from '../api/admin-subscriptions';
import { adminSubscriptionsTexts as t } from '../texts';
import { formatDate } from '../../../lib/format-date';
import { TextareaField } from '../../../components/ui/textarea-field';

// What an order may need from the admin (decisions 0120, 0125, 0126): Credit an order held for
// review, decide a buyer's refund request, and the order's invoice and credit notes.

const at = (iso: string | null) => formatDate(iso, 'dateTime');

const panel = 'mt-6 rounded-xl border p-4';

/** An order held because it did not match its checkout: why, and Credit with a reason. */
export function HeldOrderPanel({
  detail,
  onDone,
}: {
  detail: AdminSubscriptionDetail;
  onDone: () => Promise<unknown>;
}) {
  const s = detail.subscription;
  const [credits, setCredits] = useState(String(detail.expectedCredits ?? ''));
  const [reason, setReason] = useState('');
  const credit = useMutation({
    mutationFn: () =>
      creditHeldOrder(s.id, {
        ...(credits.trim() ? { credits: Number(credits) } : {}),
        reason: reason.trim(),
      }),
    onSuccess: async () => {
      void loadToast().then((toast) => toast.success(t.review.credited));
      await onDone();
    },
    onError: (error) => void toastError(error, { title: t.review.failed }),
  });
  return (
    <section
      className={`${panel} border-red-500/40 bg-red-500/5`}
      aria-labelledby="held-title"
      data-testid="held-order"
    >
      <h3 id="held-title" className="font-semibold">
        {t.review.title}
      </h3>
      <p className="mt-1 text-sm">
        <span className="text-muted-foreground">{t.review.why}: </span>
        {s.reviewReason}
      </p>
      {detail.creditable ? (
        <form
          className="mt-3 grid gap-3 sm:grid-cols-[8rem_1fr_auto] sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            credit.mutate();
          }}
        >
          <FormField label={t.review.credits}>
            {(props) => (
              <Input
                {...props}
                inputMode="numeric"
                value={credits}
                onChange={(e) => setCredits(e.target.value)}
              />
            )}
          </FormField>
          <FormField label={t.review.reason}>
            {(props) => (
              <Input {...props} value={reason} onChange={(e) => setReason(e.target.value)} />
            )}
          </FormField>
          <Button type="submit" disabled={credit.isPending || reason.trim() === ''}>
            {credit.isPending ? <Spinner /> : null}
            {t.review.credit}
          </Button>
        </form>
      ) : null}
      <p className="mt-3 text-xs text-muted-foreground">{t.review.orRefund}</p>
    </section>
  );
}

/** The buyer's latest refund request: its terms, and Approve or Decline with a reason. */
export function RefundRequestPanel({
  detail,
  onDone,
}: {
  detail: AdminSubscriptionDetail;
  onDone: () => Promise<unknown>;
}) {
  const s = detail.subscription;
  const request = s.refundRequest!;
  const [declining, setDeclining] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const quote = detail.refundQuote;
  const approve = useMutation({
    // The amount the confirmation showed: if the buyer used credits meanwhile, the server says
    // the new amount and refunds nothing (decision 0263).
    mutationFn: () => approveRefundRequest(request.id, quote?.amountCents ?? 0),
    onSuccess: async (decided) => {
      setConfirming(false);
      void loadToast().then((toast) =>
        toast.success(
          decided.status === 'approved' ? t.requestPanel.approved : t.requestPanel.closed,
        ),
      );
      await onDone();
    },
    onError: async (error) => {
      setConfirming(false);
      void toastError(error, { title: t.requestPanel.failed });
      await onDone();
    },
  });
  const decline = useMutation({
    mutationFn: () => declineRefundRequest(request.id, reason.trim()),
    onSuccess: async () => {
      void loadToast().then((toast) => toast.success(t.requestPanel.declined));
      await onDone();
    },
    onError: (error) => void toastError(error, { title: t.requestPanel.failed }),
  });
  const busy = approve.isPending || decline.isPending;
  return (
    <section
      className={`${panel} border-sky-500/40 bg-sky-500/5`}
      aria-labelledby="request-title"
      data-testid="refund-request"
    >
      <h3 id="request-title" className="font-semibold">
        {t.requestPanel.title}: {t.requests[request.status]}
      </h3>
      <p className="mt-1 text-sm">
        {t.requestPanel.asked(
          request.credits,
          formatAmount(request.amountCents, request.currency),
          at(request.createdAt),
        )}
      </p>
      {request.buyerReason ? (
        <p className="mt-1 text-sm">
          <span className="text-muted-foreground">{t.requestPanel.buyerReason}: </span>
          {request.buyerReason}
        </p>
      ) : null}
      {request.status !== 'requested' ? (
        <p className="mt-1 text-sm text-muted-foreground">
          {t.requestPanel.decided(t.requests[request.status], at(request.decidedAt))}
          {request.declineReason ? ` — ${request.declineReason}` : ''}
        </p>
      ) : declining ? (
        <form
          className="mt-3 grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            decline.mutate();
          }}
        >
          <TextareaField
            label={t.requestPanel.declineReason}
            rows={3}
            maxLength={500}
            value={reason}
            onValueChange={setReason}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy || reason.trim() === ''}>
              {decline.isPending ? <Spinner /> : null}
              {t.requestPanel.decline}
            </Button>
            <Button type="button" variant="outline" onClick={() => setDeclining(false)}>
              {t.cancel}
            </Button>
          </div>
        </form>
      ) : confirming && quote ? (
        <div
          role="alertdialog"
          aria-labelledby="approve-title"
          className="mt-3 rounded-lg border border-red-500/40 bg-background p-3"
          data-testid="approve-confirmation"
        >
          <h4 id="approve-title" className="font-semibold">
            {t.requestPanel.confirmTitle}
          </h4>
          <p className="mt-1 text-sm">
            {quote.amountCents > 0
              ? t.requestPanel.confirmAmount(
                  formatAmount(quote.amountCents, quote.currency),
                  quote.unspentCredits,
                )
              : t.requestPanel.nothingLeft}
          </p>
          <p className="mt-1 text-sm">
            <span className="text-muted-foreground">{t.requestPanel.computed}: </span>
            {quote.computation}
          </p>
          <p className="mt-1 text-sm">{t.requestPanel.imagesSince(quote.imagesSinceRequest)}</p>
          <p className="mt-1 text-xs text-muted-foreground">{refundRuleTexts.rule}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="destructive" disabled={busy} onClick={() => approve.mutate()}>
              {approve.isPending ? <Spinner /> : null}
              {quote.amountCents > 0
                ? t.requestPanel.confirmYes(formatAmount(quote.amountCents, quote.currency))
                : t.requestPanel.closeYes}
            </Button>
            <Button variant="outline" disabled={busy} onClick={() => setConfirming(false)}>
              {t.cancel}
            </Button>
          </div>
        </div>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            disabled={busy || !detail.refundable || !quote}
            onClick={() => setConfirming(true)}
          >
            {t.requestPanel.approve}
          </Button>
          <Button variant="outline" disabled={busy} onClick={() => setDeclining(true)}>
            {t.requestPanel.decline}
          </Button>
        </div>
      )}
    </section>
  );
}

/** The order's invoice and credit notes, each a PDF download. */
export function InvoiceList({ detail }: { detail: AdminSubscriptionDetail }) {
  if (detail.invoices.length === 0) {
    return <p className="text-sm text-muted-foreground">{t.noInvoices}</p>;
  }
  return (
    <ul className="grid gap-2 text-sm" data-testid="order-invoices">
      {detail.invoices.map((invoice) => (
        <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-2">
          <span>
            {t.invoiceKinds[invoice.kind]}{' '}
            <span className="font-mono text-xs">{invoice.number}</span> ·{' '}
            {formatAmount(
              invoice.kind === 'credit_note' ? -invoice.amountCents : invoice.amountCents,
              invoice.currency,
            )}{' '}
            · {at(invoice.issuedAt)}
          </span>
          <Button asChild variant="outline" size="sm">
            <a href={apiRouteUrl(adminPaymentsApi.invoice, { id: invoice.id })} download>
              <Download aria-hidden="true" className="size-4" />
              PDF
            </a>
          </Button>
        </li>
      ))}
    </ul>
  );
}
