/**
 * The admin the browser-test server seeds at start: playwright.config.ts passes these as
 * ADMIN_EMAIL / ADMIN_PASSWORD, and the accounts tests sign in with them.
 */
export const e2eAdmin = {
  email: 'admin@cutout.test',
  password: 'e2e-Admin-passw0rd!',
} as const;
