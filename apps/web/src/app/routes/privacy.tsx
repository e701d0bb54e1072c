import { legalTexts, pageTexts } from '@cutout/contracts';
import { LegalPage } from '../../features/legal/components/legal-page';
import { privacyPolicy } from '../../features/legal/content';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.privacy);

export default function PrivacyRoute() {
  return (
    <LegalPage
      page={pageTexts.privacy}
      document={privacyPolicy}
      toastTitle={legalTexts.toasts.privacy}
    />
  );
}
