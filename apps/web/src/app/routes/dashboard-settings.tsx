import { pageTexts } from '@cutout/contracts';
import { PageHeading } from '../../components/page-heading';
import { ChangePasswordForm } from '../../features/accounts/components/change-password-form';
import { ApiKeysSection } from '../../features/api-keys/components/api-keys-section';
import { LeavingSection } from '../../features/leaving/components/leaving-section';
import { BillingDetailsForm } from '../../features/payments/components/billing-details-form';
import { ProfileForm } from '../../features/users/components/profile-form';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.dashboardSettings, { noindex: true });

/** /dashboard/settings: profile, billing details (invoices), password, API keys, leaving. */
export default function DashboardSettingsRoute() {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6">
      <PageHeading page={pageTexts.dashboardSettings} variant="app" />
      {/* minmax(0, 1fr): a card is never wider than the screen because of what it holds (the
          API keys' table scrolls in its own box; as a plain grid track it widened the page to
          455 px on a phone, issue 39). */}
      <div className="mt-8 grid grid-cols-[minmax(0,1fr)] gap-6">
        <ProfileForm />
        <BillingDetailsForm />
        <ChangePasswordForm />
        <ApiKeysSection />
        <LeavingSection />
      </div>
    </div>
  );
}
