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
      <div className="mt-8 grid gap-6">
        <ProfileForm />
        <BillingDetailsForm />
        <ChangePasswordForm />
        <ApiKeysSection />
        <LeavingSection />
      </div>
    </div>
  );
}
