import { pageTexts } from '@cutout/contracts';
import { ContactPage } from '../../features/contact/components/contact-page';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.contact);

export default function ContactRoute() {
  return <ContactPage />;
}
