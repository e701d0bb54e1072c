// Relative on purpose: see react-router.config.ts.
import { blogPosts } from '../../../../packages/contracts/src/blog';
import { paths } from '../../../../packages/contracts/src/paths';
import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

// Every route of spec §2. Route modules are split into their own chunks by React Router, so a
// page only loads its own code. Paths some links duplicate (/subscriptions and
// /dashboard/subscriptions, …) render the same module under a second id
// (docs/decisions/0021-duplicate-paths.md).
export default [
  layout('routes/layouts/marketing-layout.tsx', [
    index('routes/home.tsx'),
    route(paths.about, 'routes/about.tsx'),
    route(paths.api, 'routes/api.tsx'),
    route(paths.blog, 'routes/blog.tsx'),
    // One route per article, so that a post's page loads its own text (docs/decisions/0240);
    // any other slug is not found.
    ...blogPosts.map((post) => route(paths.blogPost(post.slug), `routes/blog/${post.slug}.tsx`)),
    route(`${paths.blog}/:slug`, 'routes/blog-post.tsx'),
    route(paths.contact, 'routes/contact.tsx'),
    route(paths.pricing, 'routes/pricing.tsx'),
    route(paths.privacy, 'routes/privacy.tsx'),
    route(paths.terms, 'routes/terms.tsx'),
    route(paths.cookies, 'routes/cookies.tsx'),
    route(paths.documentation, 'routes/documentation.tsx'),
    route(paths.features, 'routes/features.tsx'),
    route(paths.tutorials, 'routes/tutorials.tsx'),
  ]),
  layout('routes/layouts/site-layout.tsx', [
    route(paths.signIn, 'routes/sign-in.tsx'),
    route(paths.signUp, 'routes/sign-up.tsx'),
    route(paths.signUpAlias, 'routes/sign-up-alias.tsx'),
    route(paths.forgotPassword, 'routes/forgot-password.tsx'),
    route(paths.resetPassword, 'routes/reset-password.tsx'),
    route(paths.paymentSuccess, 'routes/payment-success.tsx'),
    route(paths.newsletter, 'routes/newsletter.tsx'),
    route('*', 'routes/content-page.tsx'),
  ]),
  layout('routes/layouts/dashboard-layout.tsx', [
    route(paths.dashboard, 'routes/dashboard.tsx'),
    route(paths.subscriptions, 'routes/subscriptions.tsx'),
    route(paths.dashboardSubscriptions, 'routes/subscriptions.tsx', {
      id: 'dashboard-subscriptions',
    }),
    route(paths.credits, 'routes/credits.tsx'),
    route(paths.dashboardCredits, 'routes/credits.tsx', { id: 'dashboard-credits' }),
    route(paths.dashboardHistory, 'routes/dashboard-history.tsx'),
    route(paths.dashboardSettings, 'routes/dashboard-settings.tsx'),
  ]),
  layout('routes/layouts/admin-layout.tsx', [
    route(paths.admin, 'routes/admin.tsx'),
    route(paths.adminSettings, 'routes/admin-settings.tsx'),
    route(paths.adminDatabase, 'routes/admin-database.tsx'),
    route(paths.adminDatabaseManagement, 'routes/admin-database.tsx', {
      id: 'admin-database-management',
    }),
    route(paths.adminUsers, 'routes/admin-users.tsx'),
    route(paths.adminUserManagement, 'routes/admin-users.tsx', { id: 'admin-user-management' }),
    route(paths.adminPageManagement, 'routes/admin-page-management.tsx'),
    route(paths.adminPages, 'routes/admin-page-management.tsx', { id: 'admin-pages' }),
    route(paths.adminSubscriptions, 'routes/admin-subscription-management.tsx'),
    route(paths.adminSubscriptionManagement, 'routes/admin-subscription-management.tsx', {
      id: 'admin-subscription-management',
    }),
    route(paths.adminIntegrationSettings, 'routes/admin-integration-settings.tsx'),
    route(paths.adminPricingManagement, 'routes/admin-pricing-management.tsx'),
    route(paths.adminAuditLog, 'routes/admin-audit-log.tsx'),
  ]),
] satisfies RouteConfig;
