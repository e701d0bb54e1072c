// Texts of the public content pages (spec §2). What the spec quotes is verbatim; long prose lives
// beside each page in apps/web/src/features/<area>. Zod-free: these pages load no schemas.
import { commercialPolicy, freeCreditsCondition } from '../policy.js';

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

/**
 * How many images an account can process, in the one commercial policy (decision 0125): the
 * spec's docs FAQ spoke of 5 free and 100 Pro images a month, which the credit model
 * contradicts, so the FAQ now says what the product does.
 */
export const documentationPlanStatement = {
  free: `Every new account gets ${commercialPolicy.freeCredits} free credits ${freeCreditsCondition}`,
  pro: 'Credit packs add more: one credit per image, valid for one year from purchase',
  enterprise: 'Enterprise volumes are agreed with our sales team',
} as const;
