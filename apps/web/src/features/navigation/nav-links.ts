import { adminNavTexts, navTexts, paths } from '@cutout/contracts';

export type NavLinkItem = { to: string; label: string };
export type NavGroup = { label: string; links: readonly NavLinkItem[] };

const link = (to: string, label: string): NavLinkItem => ({ to, label });

/** The one site header's menus (spec §2 Navigation, variant two; issue 26): Main, Resources, Legal. */
export const siteMenus: readonly NavGroup[] = [
  {
    label: navTexts.main,
    links: [
      link(paths.home, navTexts.home),
      link(paths.features, navTexts.features),
      link(paths.pricing, navTexts.pricing),
      link(paths.about, navTexts.about),
      link(paths.contact, navTexts.contact),
    ],
  },
  {
    label: navTexts.resources,
    links: [
      link(paths.documentation, navTexts.documentation),
      link(paths.api, navTexts.api),
      link(paths.blog, navTexts.blog),
      link(paths.tutorials, navTexts.tutorials),
    ],
  },
  {
    label: navTexts.legal,
    links: [
      link(paths.terms, navTexts.terms),
      link(paths.privacy, navTexts.privacy),
      link(paths.cookies, navTexts.cookies),
    ],
  },
];

/** The avatar menu's links (spec: My Account, Dashboard, Admin Panel only for role admin). */
export const accountLinks = {
  myAccount: link(paths.dashboardSettings, navTexts.myAccount),
  dashboard: link(paths.dashboard, navTexts.dashboard),
  adminPanel: link(paths.admin, navTexts.adminPanel),
} as const;

/** The signed-in navigation bar; the last entry only for admins. */
export const dashboardNav = {
  links: [
    link(paths.dashboard, navTexts.dashboard),
    link(paths.dashboardHistory, navTexts.history),
    link(paths.dashboardSubscriptions, navTexts.creditsAndBilling),
    link(paths.dashboardSettings, navTexts.settings),
  ],
  admin: link(paths.admin, navTexts.adminPanel),
} as const;

export const footerGroups: readonly NavGroup[] = [
  {
    label: navTexts.product,
    links: [link(paths.features, navTexts.features), link(paths.blog, navTexts.blog)],
  },
  {
    label: navTexts.resources,
    links: [
      link(paths.documentation, navTexts.documentation),
      link(paths.tutorials, navTexts.tutorials),
      link(paths.api, navTexts.api),
    ],
  },
  {
    label: navTexts.company,
    links: [
      link(paths.about, navTexts.about),
      link(paths.contact, navTexts.contact),
      link(paths.privacy, navTexts.privacy),
    ],
  },
];

export const legalLinks: readonly NavLinkItem[] = [
  link(paths.terms, navTexts.terms),
  link(paths.privacy, navTexts.privacy),
  link(paths.cookies, navTexts.cookies),
];

/** The admin back-office's own header links. */
export const adminNav: readonly NavLinkItem[] = [
  link(paths.admin, adminNavTexts.overview),
  link(paths.adminUsers, adminNavTexts.users),
  link(paths.adminPageManagement, adminNavTexts.pages),
  link(paths.adminSubscriptions, adminNavTexts.subscriptions),
  link(paths.adminPricingManagement, adminNavTexts.pricing),
  link(paths.adminDatabase, adminNavTexts.database),
  link(paths.adminAuditLog, adminNavTexts.auditLog),
  link(paths.adminIntegrationSettings, adminNavTexts.integrations),
  link(paths.adminSettings, adminNavTexts.settings),
];
