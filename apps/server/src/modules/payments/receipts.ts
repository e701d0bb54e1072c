import { appTexts, formatPrice, paymentTexts } from '@cutout/contracts';
import type { MailMessage } from '../../mail/mailer.js';
import type { OrderRow } from './orders.repository.js';

// A receipt: the order's number, date, plan, amount, currency, credits and when those credits
// expire. One document for the download and for the e-mail.

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '—');

export function receiptLines(order: OrderRow): [string, string][] {
  const lines: [string, string][] = [
    ['Receipt number', order.receipt_number],
    ['Date', day(order.paid_at ?? order.created_at)],
    ['Plan', order.plan_name ?? order.plan_id ?? '—'],
    ['Amount', formatPrice(order.amount_cents / 100, order.currency)],
    ['Currency', order.currency],
    ['Credits', String(order.credits)],
    ['Credits valid until', day(order.lot_expires_at)],
    ['Status', order.status === 'refunded' ? 'Refunded' : 'Paid'],
    ['Payment provider', order.provider === 'sandbox' ? 'Cutout sandbox' : 'Lemon Squeezy'],
    ['Provider order id', order.provider_order_id],
  ];
  if (order.status === 'refunded') {
    lines.push(['Refunded on', day(order.refunded_at)]);
    lines.push(['Unspent credits removed', String(order.refunded_credits)]);
  }
  if (order.buyer_email) lines.push(['Billed to', order.buyer_email]);
  return lines;
}

export function receiptFilename(order: OrderRow): string {
  return `cutout-receipt-${order.receipt_number}.html`;
}

export function receiptHtml(order: OrderRow): string {
  const product = appTexts.productName;
  const rows = receiptLines(order)
    .map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
    .join('\n');
  const test = Number(order.test_mode)
    ? `<p class="test">${escapeHtml(paymentTexts.testMode)}</p>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${product} receipt ${escapeHtml(order.receipt_number)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;color:#111}th{text-align:left;padding:.35rem 1.5rem .35rem 0;color:#555;font-weight:500}td{padding:.35rem 0}.test{border:1px solid #d97706;background:#fffbeb;color:#92400e;padding:.5rem .75rem;border-radius:.5rem;font-weight:600}</style>
</head><body>
<h1>${product} receipt</h1>
${test}
<table>${rows}</table>
<p>One-time payment. Paid credits are valid for 1 year from the date of purchase.</p>
</body></html>
`;
}

export function receiptMail(order: OrderRow, to: string): MailMessage {
  const product = appTexts.productName;
  const test = Number(order.test_mode) ? [`${paymentTexts.testMode}`, ''] : [];
  return {
    to,
    subject: `Your ${product} receipt ${order.receipt_number}`,
    text: [
      ...test,
      `Thank you for your purchase. Here is your receipt.`,
      '',
      ...receiptLines(order).map(([k, v]) => `${k}: ${v}`),
    ].join('\n'),
    html: receiptHtml(order),
  };
}
