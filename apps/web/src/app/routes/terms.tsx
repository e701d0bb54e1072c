import { legalTexts, pageTexts } from '@cutout/contracts';
import { LegalPage } from '../../features/legal/components/legal-page';
import { termsOfService } from '../../features/legal/content';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.terms);

export default function TermsRoute() {
  return (
    <LegalPage
      page={pageTexts.terms}
      document={termsOfService}
      toastTitle={legalTexts.toasts.terms}
    />
  );
}
