import { pageTexts } from '@cutout/contracts';
import { NewsletterLinkPage } from '../../features/blog/components/newsletter-link-page';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.newsletter, { noindex: true });

export default function NewsletterRoute() {
  return <NewsletterLinkPage />;
}
