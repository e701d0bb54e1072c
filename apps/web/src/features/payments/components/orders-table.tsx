import {
  apiRouteUrl,
  orderStatusLabels,
  paymentTexts,
  paymentsApi,
  creditsTexts,
  refundRuleTexts,
  type Order,
} from '@cutout/contracts';
import { Download, FileMinus, Mail, Undo2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { ResponsiveTable, type ResponsiveColumn } from '../../../components/list/responsive-table';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormDialogFooter } from '../../../components/ui/form-dialog-footer';
import { Spinner } from '../../../components/ui/spinner';
import { toastError } from '../../../lib/error-toast';
import { loadToast } from '../../../lib/toast';
import { useEmailReceipt, useOrders, useRequestRefund } from '../api/billing';
import { formatAmount, formatDay } from '../billing-format';
import { TextareaField } from '../../../components/ui/textarea-field';

// The buyer's orders on /dashboard/subscriptions: each with its state, its PDF invoice, 'E-mail
// receipt' (which says whether the mail went out or only waits in the outbox), the credit note
// of each refund beside it, and 'Request refund' while the unused credits of the pack can still
// be refunded (decisions 0125, 0263).

function statusText(order: Order): string {
  const request = order.refundRequest;
  // What was refunded stays said while a request is open (decision 0263).
  const refunded =
    order.status === 'refunded' || order.status === 'partially_refunded'
      ? `${orderStatusLabels[order.status]} (${formatAmount(order.refundedCents, order.currency)}, ${order.refundedCredits} credits removed)`
      : null;
  if (request?.status === 'requested') {
    return refunded
      ? `${refunded} · ${paymentTexts.refundRequestPending}`
      : paymentTexts.refundRequestPending;
  }
  if (request?.status === 'declined' && order.status === 'paid') {
    return paymentTexts.refundRequestDeclined(request.declineReason ?? '');
  }
  return refunded ?? orderStatusLabels[order.status];
}

function RefundRequestDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const request = useRequestRefund();
  const refundable = order.refundable!;
  const send = () =>
    request.mutate(
      { orderId: order.id, reason: reason.trim() },
      {
        onSuccess: () => {
          void loadToast().then((toast) => toast.success(paymentTexts.refundRequested));
          onClose();
        },
        onError: (error) => void toastError(error),
      },
    );
  return (
    <Dialog open onOpenChange={(open) => !open && !request.isPending && onClose()}>
      <DialogContent>
        <DialogTitle>{paymentTexts.refundRequestTitle}</DialogTitle>
        <DialogDescription>
          {paymentTexts.refundRequestBody(
            refundable.credits,
            formatAmount(refundable.amountCents, order.currency),
            formatDay(refundable.until),
          )}
        </DialogDescription>
        <p className="mt-2 text-xs text-muted-foreground">{refundRuleTexts.rule}</p>
        <TextareaField
          className="mt-4"
          label={paymentTexts.refundRequestReason}
          rows={3}
          maxLength={500}
          value={reason}
          onValueChange={setReason}
        />
        <FormDialogFooter
          busy={request.isPending}
          cancelLabel="Cancel"
          submitLabel={paymentTexts.refundRequestSend}
          onConfirm={send}
        />
      </DialogContent>
    </Dialog>
  );
}

export function OrdersTable({
  pager,
}: {
  pager: (total: number, perPage: number, page: number, onPage: (p: number) => void) => ReactNode;
}) {
  const [page, setPage] = useState(1);
  const [refunding, setRefunding] = useState<Order | null>(null);
  const orders = useOrders(page);
  const email = useEmailReceipt();
  if (orders.isPending) return <Spinner />;
  if (orders.isError) return <ErrorAlert>{creditsTexts.loadFailed}</ErrorAlert>;
  if (orders.data.orders.length === 0) {
    return <p className="text-sm text-muted-foreground">{paymentTexts.noOrders}</p>;
  }
  const sendReceipt = (id: string) =>
    email.mutate(id, {
      onSuccess: (result) =>
        void loadToast().then((toast) =>
          result.delivery === 'sent'
            ? toast.success(paymentTexts.receiptSent)
            : toast.info(paymentTexts.receiptQueued),
        ),
      onError: (error) => void toastError(error, { fallback: paymentTexts.receiptFailed }),
    });
  const refundButton = (order: Order) =>
    order.refundable ? (
      <Button variant="outline" size="sm" onClick={() => setRefunding(order)}>
        <Undo2 aria-hidden="true" className="size-4" />
        {paymentTexts.requestRefund}
      </Button>
    ) : null;
  // The eight columns fit the page at 1280 px (tight padding, the test-mode line wraps); on a
  // phone each order is a card with its fields labelled and its buttons at the foot.
  const columns: ResponsiveColumn<Order>[] = [
    {
      label: paymentTexts.receiptNumber,
      cell: (order) => (
        <span className="font-mono text-xs whitespace-nowrap">
          {order.receiptNumber}
          {order.invoiceNumber ? (
            <span className="block text-muted-foreground">{order.invoiceNumber}</span>
          ) : null}
        </span>
      ),
    },
    {
      label: 'Date',
      cell: (order) => (
        <span className="whitespace-nowrap">{formatDay(order.paidAt ?? order.createdAt)}</span>
      ),
    },
    {
      label: 'Plan',
      cell: (order) => (
        <>
          <span className="whitespace-nowrap">{order.planName ?? '—'}</span>
          {order.testMode ? (
            <span className="block text-xs text-amber-700 dark:text-amber-300">
              {paymentTexts.testMode}
            </span>
          ) : null}
        </>
      ),
    },
    {
      label: 'Amount',
      numeric: true,
      cell: (order) => (
        <span className="tabular-nums whitespace-nowrap">
          {formatAmount(order.amountCents, order.currency)}
        </span>
      ),
    },
    {
      label: 'Credits',
      numeric: true,
      cell: (order) => <span className="tabular-nums">{order.credits}</span>,
    },
    {
      label: 'Valid until',
      cell: (order) => <span className="whitespace-nowrap">{formatDay(order.lotExpiresAt)}</span>,
    },
    {
      label: 'Status',
      cell: (order, layout) => (
        <>
          <span data-testid="order-status">{statusText(order)}</span>
          {/* In the table on its own line under the status; on a card with the other buttons. */}
          {layout === 'table' && order.refundable ? (
            <div className="mt-1">{refundButton(order)}</div>
          ) : null}
        </>
      ),
    },
    {
      label: 'Invoice and refund',
      hideLabel: true,
      role: 'actions',
      cell: (order, layout) => {
        const receipts = order.invoiceNumber ? (
          <>
            <Button asChild variant="outline" size="sm" title={paymentTexts.downloadReceipt}>
              <a href={apiRouteUrl(paymentsApi.receipt, { id: order.id })} download>
                <Download aria-hidden="true" className="size-4" />
                <span className={layout === 'table' ? 'sr-only' : undefined}>
                  {paymentTexts.downloadReceipt}
                </span>
              </a>
            </Button>
            <Button
              variant="outline"
              size="sm"
              title={paymentTexts.emailReceipt}
              disabled={email.isPending}
              onClick={() => sendReceipt(order.id)}
            >
              <Mail aria-hidden="true" className="size-4" />
              <span className={layout === 'table' ? 'sr-only' : undefined}>
                {paymentTexts.emailReceipt}
              </span>
            </Button>
            {order.creditNotes.map((note) => (
              <Button
                key={note.id}
                asChild
                variant="outline"
                size="sm"
                title={paymentTexts.downloadCreditNote(note.number)}
              >
                <a
                  href={apiRouteUrl(paymentsApi.invoice, { id: note.id })}
                  download
                  data-testid="credit-note"
                >
                  <FileMinus aria-hidden="true" className="size-4" />
                  <span className={layout === 'table' ? 'sr-only' : undefined}>
                    {paymentTexts.downloadCreditNote(note.number)}
                  </span>
                </a>
              </Button>
            ))}
          </>
        ) : null;
        return layout === 'table' ? (
          <div className="flex justify-end gap-2">{receipts}</div>
        ) : (
          <>
            {refundButton(order)}
            {receipts}
          </>
        );
      },
    },
  ];
  return (
    <>
      <ResponsiveTable
        rows={orders.data.orders}
        columns={columns}
        rowKey={(order) => order.id}
        label={paymentTexts.orders}
        testId="orders"
        rowTestId="order-row"
        footer={
          <div className="px-4 pb-3 max-md:px-0">
            {pager(orders.data.total, orders.data.perPage, page, setPage)}
          </div>
        }
      />
      {refunding ? (
        <RefundRequestDialog order={refunding} onClose={() => setRefunding(null)} />
      ) : null}
    </>
  );
}
