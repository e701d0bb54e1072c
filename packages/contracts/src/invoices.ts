// Invoices and credit notes (issue 23, docs/decisions/0126): the seller's business details
// (Admin → Settings → Business details) and the buyer's billing details. Zod-free: paths and
// texts; the schemas are in schemas/invoices.ts.

export const invoicesApiPaths = {
  businessDetails: '/api/admin/business-details',
} as const;

export const invoiceTexts = {
  businessTitle: 'Business details',
  businessIntro:
    'The seller shown on every invoice and credit note. Invoices keep the details they were issued with.',
  legalName: 'Legal name',
  address: 'Address',
  taxNumber: 'Tax number (VAT/GST)',
  contactEmail: 'Contact e-mail',
  taxRate: 'Tax rate included in prices (%)',
  taxRateHint:
    'Leave at 0 unless your prices include a tax to show on invoices; a tax the payment provider reports is used instead.',
  taxLabel: 'Tax name',
  save: 'Save business details',
  saved: 'Business details saved',
  incomplete:
    'Invoices show “Not set” for the seller until its legal name and address are filled in.',
  billingTitle: 'Billing details',
  billingIntro:
    'Optional. Shown on the invoices of your next purchases: the name of your business, its address and its VAT number.',
  billingName: 'Name or company',
  billingAddress: 'Billing address',
  vatNumber: 'VAT number',
  billingSave: 'Save billing details',
  billingSaved: 'Billing details saved',
} as const;
