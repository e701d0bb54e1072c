import { createRequire } from 'node:module';
import path from 'node:path';
import { appTexts, formatPrice, policyTexts } from '@cutout/contracts';
import PDFDocument from 'pdfkit';

// An invoice or credit note as issued (the facts copied at issue time, so a later edit of the
// business details or the buyer's address never changes a document already sent), and its PDF.
// pdfkit draws it with DejaVu Sans from the dejavu-fonts-ttf package, so names and addresses in
// any Latin, Greek or Cyrillic script print as written (decision 0126).

export interface InvoiceParty {
  name: string;
  address: string;
  taxNumber: string;
  email: string;
}

export interface InvoiceData {
  kind: 'invoice' | 'credit_note';
  number: string;
  issuedAt: string;
  testMode: boolean;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  line: { description: string; quantity: number; amountCents: number };
  discountCents: number;
  /** The tax included in the total, and how it is named ('VAT 20%'); 0 when none. */
  taxCents: number;
  taxLabel: string;
  totalCents: number;
  currency: string;
  provider: string;
  /**
   * How it was paid, as the provider said ('Visa •••• 4242'); null when it did not say (a
   * PayPal order at Lemon Squeezy has no card): the document then has no such line rather
   * than a guess.
   */
  paymentMethod: string | null;
  orderNumber: string;
  providerOrderId: string;
  paidAt: string | null;
  /** A credit note: the invoice it corrects. */
  correctsInvoice: string | null;
}

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONT = path.join(fontDir, 'DejaVuSans.ttf');
const BOLD = path.join(fontDir, 'DejaVuSans-Bold.ttf');

const money = (cents: number, currency: string) => formatPrice(cents / 100, currency);
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '—');

export const invoiceTitle = (data: Pick<InvoiceData, 'kind' | 'testMode'>) =>
  `${data.kind === 'invoice' ? 'Invoice' : 'Credit note'}${data.testMode ? ' (test mode — no real payment)' : ''}`;

export function invoiceFilename(data: Pick<InvoiceData, 'kind' | 'number'>): string {
  return `cutout-${data.kind === 'invoice' ? 'invoice' : 'credit-note'}-${data.number}.pdf`;
}

/** The lines of the document as label/value pairs: the PDF's table, and the mail's text. */
export function invoiceFacts(data: InvoiceData): [string, string][] {
  const sign = data.kind === 'credit_note' ? -1 : 1;
  const facts: [string, string][] = [
    [data.kind === 'invoice' ? 'Invoice number' : 'Credit note number', data.number],
    ['Date of issue', day(data.issuedAt)],
  ];
  if (data.correctsInvoice) facts.push(['Corrects invoice', data.correctsInvoice]);
  facts.push(
    ['Order number', data.orderNumber],
    ['Provider order id', data.providerOrderId],
    ['Paid on', day(data.paidAt)],
    ['Payment provider', data.provider],
  );
  if (data.paymentMethod) facts.push(['Payment method', data.paymentMethod]);
  facts.push(
    ['Item', data.line.description],
    ['Quantity', String(data.line.quantity)],
    ['Amount', money(sign * data.line.amountCents, data.currency)],
  );
  if (data.discountCents > 0)
    facts.push(['Discount', money(-sign * data.discountCents, data.currency)]);
  facts.push(
    [
      data.taxCents > 0 ? `Tax (${data.taxLabel || 'tax'}, included)` : 'Tax',
      money(data.taxCents > 0 ? sign * data.taxCents : 0, data.currency),
    ],
    ['Total', money(sign * data.totalCents, data.currency)],
    ['Currency', data.currency],
  );
  return facts;
}

const party = (p: InvoiceParty) =>
  [p.name || 'Not set', p.address, p.taxNumber ? `Tax number: ${p.taxNumber}` : '', p.email].filter(
    Boolean,
  );

/** Renders the PDF (A4) and resolves with its bytes. */
export function renderInvoicePdf(data: InvoiceData): Promise<Buffer> {
  const title = invoiceTitle(data);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: `${appTexts.productName} ${title} ${data.number}`,
      Author: data.seller.name || appTexts.productName,
      Subject: `${title} ${data.number}`,
      CreationDate: new Date(data.issuedAt),
    },
  });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('bold').fontSize(16).text(`${title} ${data.number}`);
  doc.moveDown(0.3);
  doc
    .font('body')
    .fontSize(10)
    .fillColor('#555')
    .text(`Issued ${day(data.issuedAt)}`);
  doc.fillColor('#000').moveDown(1);

  const top = doc.y;
  const column = (x: number, heading: string, lines: string[]) => {
    doc.font('bold').fontSize(10).text(heading, x, top, { width: 230 });
    doc.font('body').fontSize(10);
    for (const line of lines) doc.text(line, x, doc.y, { width: 230 });
    return doc.y;
  };
  const sellerEnd = column(56, 'Seller', party(data.seller));
  const buyerEnd = column(310, 'Billed to', party(data.buyer));
  doc.x = 56;
  doc.y = Math.max(sellerEnd, buyerEnd) + 20;

  for (const [label, value] of invoiceFacts(data)) {
    const y = doc.y;
    doc.font('bold').fontSize(10).text(label, 56, y, { width: 170 });
    const labelEnd = doc.y;
    doc.font('body').fontSize(10).text(value, 236, y, { width: 300 });
    doc.y = Math.max(labelEnd, doc.y) + 4;
  }
  doc.moveDown(1.5);
  doc
    .font('body')
    .fontSize(9)
    .fillColor('#555')
    .text(
      data.kind === 'invoice'
        ? `One-time payment. ${policyTexts.summary}`
        : 'The refunded amount goes back to the payment method used. Unused credits of the order were removed in proportion.',
      56,
      doc.y,
      { width: 480 },
    );
  if (data.testMode) {
    doc.moveDown(0.5).fillColor('#92400e').text('Test mode — no real payment was taken.');
  }
  doc.end();
  return done;
}
