import { backupTexts, invoiceTexts, pageTexts, paths } from '@cutout/contracts';
import {
  Building2,
  ChevronRight,
  DatabaseBackup,
  KeyRound,
  PlugZap,
  ShieldCheck,
  UserRound,
} from 'lucide-react';
import { Link } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { AccountTab } from '../../features/admin/components/account-tab';
import { AdminSetupTab } from '../../features/admin/components/admin-setup-tab';
import { BackupsTab } from '../../features/admin/components/backups-tab';
import { BusinessDetailsTab } from '../../features/admin/components/business-details-tab';
import { ChangePasswordForm } from '../../features/accounts/components/change-password-form';
import { adminSettingsTexts } from '../../features/admin/texts';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.adminSettings, { noindex: true });

const tabs = adminSettingsTexts.tabs;

/**
 * Admin settings (spec §2 Admin): tabs Account, Security, Admin Setup, Business details (the
 * seller on invoices) and Backups (decision 0268); a link to Integrations.
 */
export default function AdminSettingsRoute() {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
        {pageTexts.adminSettings.title}
      </h1>
      <p className="mt-2 text-muted-foreground">{adminSettingsTexts.intro}</p>
      <Link
        to={paths.adminIntegrationSettings}
        className="mt-6 flex items-center gap-3 rounded-xl border border-border p-4 transition-colors outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <PlugZap aria-hidden="true" className="size-4" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-medium">{adminSettingsTexts.integrationsLink}</span>
          <span className="block text-xs text-muted-foreground">
            {adminSettingsTexts.integrationsLinkDescription}
          </span>
        </span>
        <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
      </Link>
      <Tabs defaultValue="account" className="mt-8">
        <TabsList className="max-w-full overflow-x-auto">
          <TabsTrigger value="account">
            <UserRound aria-hidden="true" />
            {tabs.account}
          </TabsTrigger>
          <TabsTrigger value="security">
            <KeyRound aria-hidden="true" />
            {tabs.security}
          </TabsTrigger>
          <TabsTrigger value="admin-setup">
            <ShieldCheck aria-hidden="true" />
            {tabs.adminSetup}
          </TabsTrigger>
          <TabsTrigger value="business">
            <Building2 aria-hidden="true" />
            {invoiceTexts.businessTitle}
          </TabsTrigger>
          <TabsTrigger value="backups">
            <DatabaseBackup aria-hidden="true" />
            {backupTexts.tab}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="account">
          <AccountTab />
        </TabsContent>
        <TabsContent value="security">
          <ChangePasswordForm />
        </TabsContent>
        <TabsContent value="admin-setup">
          <AdminSetupTab />
        </TabsContent>
        <TabsContent value="business">
          <BusinessDetailsTab />
        </TabsContent>
        <TabsContent value="backups">
          <BackupsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
