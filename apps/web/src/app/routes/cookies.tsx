import { legalTexts, pageTexts } from '@cutout/contracts';
import { LegalPage } from '../../features/legal/components/legal-page';
import { cookiePolicy } from '../../features/legal/content';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.cookies);

// Spec §2: cookies shows a fixed date, May 1, 2023 (privacy and terms show today's).
const cookiesLastUpdated = { label: legalTexts.cookiesLastUpdated, date: new Date(2023, 4, 1) };

export default function CookiesRoute() {
  return (
    <LegalPage
      page={pageTexts.cookies}
      document={cookiePolicy}
      toastTitle={legalTexts.toasts.cookies}
      lastUpdated={cookiesLastUpdated}
    />
  );
}
