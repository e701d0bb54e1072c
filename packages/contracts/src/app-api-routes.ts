import { backupsApiPaths } from './backups.js';
import { batchesApiPaths } from './batches.js';
import { compositionApiPaths } from './composition.js';
import { databaseBackupApiPaths } from './database-backup.js';
import { databaseConnectionsApiPaths as db } from './database-connections.js';
import { integrationsApiPaths } from './integrations.js';
import { pagesApiPaths } from './pages.js';
import type { JobVariant } from './jobs.js';
import { apiKeysApiPaths } from './public-api.js';
import { accountsApiPaths, adminApiPaths, jobsApiPaths, samplesApiPaths } from './paths.js';
import { apiRoute, pathById } from './api-routes.js';

// The signed-in app's and the admin's routes (the zod-free half of their endpoint contracts,
// decision 0220), in a module of their own: the bundler keeps every object of a module it
// includes, and api-routes.ts is on every page's first load (the session, sign-in, contact).
// Here they load with the pages that call them.

const id = pathById;
type ItemParams = { id: string; itemId: string };

/** users: the signed-in user's profile, usage and credits; the spec's /users/{id} calls. */
export const usersApi = {
  me: apiRoute('GET', accountsApiPaths.me),
  updateMe: apiRoute('PATCH', accountsApiPaths.me),
  deleteMe: apiRoute('DELETE', accountsApiPaths.me),
  exportData: apiRoute('GET', accountsApiPaths.exportData),
  usage: apiRoute('GET', accountsApiPaths.usage),
  creditHistory: apiRoute('GET', accountsApiPaths.creditHistory),
  user: apiRoute('GET', id(accountsApiPaths.user)),
  updateCredits: apiRoute('PATCH', id(accountsApiPaths.userCredits)),
};

/** api-keys: the signed-in user's keys. */
export const apiKeysApi = {
  list: apiRoute('GET', apiKeysApiPaths.list),
  create: apiRoute('POST', apiKeysApiPaths.list),
  revoke: apiRoute('DELETE', id(apiKeysApiPaths.key)),
};

/** admin: the overview and its toggles, User Management, the audit log. */
export const adminApi = {
  overview: apiRoute('GET', adminApiPaths.overview),
  preferences: apiRoute('GET', adminApiPaths.preferences),
  updatePreferences: apiRoute('PUT', adminApiPaths.preferences),
  users: apiRoute('GET', adminApiPaths.users),
  userStats: apiRoute('GET', adminApiPaths.userStats),
  createUser: apiRoute('POST', adminApiPaths.users),
  user: apiRoute('GET', id(adminApiPaths.user)),
  updateUser: apiRoute('PUT', id(adminApiPaths.user)),
  adjustCredits: apiRoute('POST', id(adminApiPaths.userCredits)),
  resetUsage: apiRoute('POST', id(adminApiPaths.resetUsage)),
  deleteUser: apiRoute('DELETE', id(adminApiPaths.user)),
  setRole: apiRoute('PATCH', id(accountsApiPaths.adminUserRole)),
  auditLog: apiRoute('GET', adminApiPaths.auditLog),
};

/** database-connections: Admin → Database management. */
export const databaseConnectionsApi = {
  list: apiRoute('GET', db.connections),
  create: apiRoute('POST', db.connections),
  update: apiRoute('PUT', id(db.connection)),
  remove: apiRoute('DELETE', id(db.connection)),
  copy: apiRoute('POST', id(db.copy)),
  test: apiRoute('POST', id(db.test)),
  connect: apiRoute('POST', id(db.connect)),
  disconnect: apiRoute('POST', db.disconnect),
  status: apiRoute('GET', db.status),
  query: apiRoute('POST', db.query),
  tables: apiRoute('GET', db.tables),
  backup: apiRoute('POST', databaseBackupApiPaths.backup),
  restore: apiRoute('POST', databaseBackupApiPaths.restore),
};

/** integrations: Admin → Integration settings. */
export const integrationsApi = {
  settings: apiRoute('GET', integrationsApiPaths.settings),
  save: apiRoute('PUT', integrationsApiPaths.settings),
  testEmail: apiRoute('POST', integrationsApiPaths.testEmail),
  checkPaymentProvider: apiRoute('POST', integrationsApiPaths.checkPaymentProvider),
};

/** pages: the CMS (admin) and the published pages by slug. */
export const pagesApi = {
  list: apiRoute('GET', pagesApiPaths.list),
  stats: apiRoute('GET', pagesApiPaths.stats),
  /** The slug is the router's wildcard (`*`): it may hold slashes. */
  bySlug: apiRoute('GET', (params: { '*': string }) => pagesApiPaths.bySlug(params['*'])),
  page: apiRoute('GET', id(pagesApiPaths.page)),
  create: apiRoute('POST', pagesApiPaths.list),
  update: apiRoute('PUT', id(pagesApiPaths.page)),
  remove: apiRoute('DELETE', id(pagesApiPaths.page)),
};

/** batches: the dashboard's Batch tab. */
export const batchesApi = {
  list: apiRoute('GET', batchesApiPaths.list),
  create: apiRoute('POST', batchesApiPaths.list),
  batch: apiRoute('GET', id(batchesApiPaths.batch)),
  remove: apiRoute('DELETE', id(batchesApiPaths.batch)),
  run: apiRoute('POST', id(batchesApiPaths.run)),
  removeItem: apiRoute('DELETE', (p: ItemParams) => batchesApiPaths.item(p.id, p.itemId)),
  uploadItem: apiRoute('PUT', (p: ItemParams) => batchesApiPaths.itemImage(p.id, p.itemId)),
  download: apiRoute('GET', id(batchesApiPaths.download)),
};

/** jobs: background removal in the editor, its files and the history. */
export const jobsApi = {
  editorConfig: apiRoute('GET', jobsApiPaths.editorConfig),
  create: apiRoute('POST', jobsApiPaths.create),
  job: apiRoute('GET', id(jobsApiPaths.job)),
  cancel: apiRoute('DELETE', id(jobsApiPaths.job)),
  events: apiRoute('GET', id(jobsApiPaths.events)),
  result: apiRoute('GET', (params: { id: string; variant: JobVariant }) =>
    jobsApiPaths.result(params.id, params.variant),
  ),
  original: apiRoute('GET', id(jobsApiPaths.original)),
  saveMask: apiRoute('POST', id(jobsApiPaths.mask)),
  resetMask: apiRoute('DELETE', id(jobsApiPaths.mask)),
  compose: apiRoute('POST', id(compositionApiPaths.compose)),
  removeBackground: apiRoute('POST', jobsApiPaths.removeBackground),
  history: apiRoute('GET', jobsApiPaths.history),
  deleteHistoryItem: apiRoute('DELETE', id(jobsApiPaths.historyItem)),
  thumbnail: apiRoute('GET', id(jobsApiPaths.thumbnail)),
};

/** samples: the editor's sample images. */
export const samplesApi = {
  list: apiRoute('GET', samplesApiPaths.list),
  image: apiRoute('GET', id(samplesApiPaths.image)),
  thumbnail: apiRoute('GET', id(samplesApiPaths.thumbnail)),
};

/** backups: Admin → Settings → Backups (decision 0268). */
export const backupsApi = {
  list: apiRoute('GET', backupsApiPaths.list),
  create: apiRoute('POST', backupsApiPaths.list),
  download: apiRoute('GET', id(backupsApiPaths.backup)),
  remove: apiRoute('DELETE', id(backupsApiPaths.backup)),
};
