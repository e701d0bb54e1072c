// Texts of the public content pages (spec §2). What the spec quotes is verbatim; long prose lives
// beside each page in apps/web/src/features/<area>. Zod-free: these pages load no schemas.

// Where the spec contradicts itself (image retention, monthly plans against credits), each
// statement is kept where the spec puts it; docs/decisions/0060-public-content-conflicts.md says
// what the product actually does.

/** Documentation (spec §2 Documentation): four tabs, links, 'Contact Support' to /contact. */
export const documentationTexts = {
  tabs: {
    gettingStarted: 'Getting Started',
    apiReference: 'API Reference',
    faq: 'FAQ',
    resources: 'Resources',
  },
  tabsLabel: 'Documentation sections',
  contactSupport: 'Contact Support',
} as const;

/**
 * The spec's retention statements (spec §1). Each stays where the spec puts it: the privacy
 * page says 24 hours, the documentation FAQ says immediately. The "processed locally" claim has
 * no page of its own in the spec and is not shown (decision 0060).
 */
export const retentionStatements = {
  localNeverStored: 'Images are processed locally and never stored.',
  privacyPolicy: 'Images are stored temporarily and deleted after 24 hours.',
  documentationFaq: 'Images are deleted immediately after processing.',
} as const;

/** The documentation FAQ's plan statement (spec §9), which conflicts with the credit model. */
export const documentationPlanStatement = {
  free: 'Free: 5 images per month',
  pro: 'Pro: 100 images per month',
  enterprise: 'Enterprise: unlimited',
} as const;
