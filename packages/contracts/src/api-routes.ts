import { batchesApiPaths } from './batches.js';
import { compositionApiPaths } from './composition.js';
import { databaseConnectionsApiPaths as db } from './database-connections.js';
import { integrationsApiPaths } from './integrations.js';
import { pagesApiPaths } from './pages.js';
import type { JobVariant } from './jobs.js';
import { apiKeysApiPaths } from './public-api.js';
import {
  accountsApiPaths,
  adminApiPaths,
  contactApiPath,
  errorReportsApiPath,
  jobsApiPaths,
  newsletterApiPath,
  samplesApiPaths,
} from './paths.js';

// Each endpoint's method and path, one object per server module: the zod-free half of an
// endpoint contract (./schemas/endpoints.ts adds the schemas). A page that must load without zod
// (docs/decisions/0022, 0064) calls its endpoint through this half, typed by the other one with
// an `import type`; the server registers every route from the whole contract (decision 0220).
// The bundler counts a call as a side effect, so every object here is on every page: modules
// only some pages call keep theirs beside their paths (payments-api.ts, payments-server-api.ts,
// admin-subscriptions.ts, public-api-routes.ts).

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The values a path is made of, by name (`{ id }` for /api/jobs/:id). */
export type PathParams = Record<string, string>;

export interface ApiRoute {
  readonly method: ApiMethod;
  /** The path, or how to make it from its parameters (the constants in ./paths.ts). */
  readonly path: string | ((params: never) => string);
}

/** An endpoint's method and path. */
export function apiRoute<
  const Method extends ApiMethod,
  const Path extends string | ((params: never) => string),
>(method: Method, path: Path): { readonly method: Method; readonly path: Path } {
  return { method, path };
}

/** The parameters a route's path takes (undefined for a fixed path). */
export type RouteParams<Route extends ApiRoute> = Route['path'] extends (params: infer P) => string
  ? P
  : undefined;

/** The address to call: the path with its parameters, then the query string when there is one. */
export function apiRouteUrl(
  route: ApiRoute,
  params?: PathParams,
  query?: Record<string, string | number | boolean | null | undefined>,
): string {
  const path =
    typeof route.path === 'string'
      ? route.path
      : (route.path as (params: PathParams | undefined) => string)(params);
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text === '' ? path : `${path}?${text}`;
}

/**
 * The route's URL in the router's form (`/api/jobs/:id`): the path made with each parameter's
 * name as its value. `~` is left alone by encodeURIComponent, so the marks survive the paths'
 * encoding; a parameter name is a plain identifier, or `*` for the router's wildcard.
 */
export function routerUrl(route: ApiRoute): string {
  if (typeof route.path === 'string') return route.path;
  const marks = new Proxy<PathParams>({}, { get: (_, name) => `~${String(name)}~` });
  return (route.path as (params: PathParams) => string)(marks)
    .replace(/~\*~/g, '*')
    .replace(/~(\w+)~/g, ':$1');
}

/** A path made from one `id` parameter. */
export const pathById = (make: (id: string) => string) => (params: { id: string }) =>
  make(params.id);
const id = pathById;

/** accounts (auth, the signed-in user, admin setup). */
export const accountsApi = {
  signUp: apiRoute('POST', accountsApiPaths.signUp),
  signIn: apiRoute('POST', accountsApiPaths.signIn),
  signOut: apiRoute('POST', accountsApiPaths.signOut),
  session: apiRoute('GET', accountsApiPaths.session),
  forgotPassword: apiRoute('POST', accountsApiPaths.forgotPassword),
  validateResetToken: apiRoute('GET', accountsApiPaths.validateResetToken),
  resetPassword: apiRoute('POST', accountsApiPaths.resetPassword),
  changePassword: apiRoute('POST', accountsApiPaths.changePassword),
  adminSetup: apiRoute('GET', accountsApiPaths.adminSetup),
  adminCredentials: apiRoute('PUT', accountsApiPaths.adminCredentials),
  adminClearUsers: apiRoute('POST', accountsApiPaths.adminClearUsers),
};

/** users: the signed-in user's profile, usage and credits; the spec's /users/{id} calls. */
export const usersApi = {
  me: apiRoute('GET', accountsApiPaths.me),
  updateMe: apiRoute('PATCH', accountsApiPaths.me),
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

type ItemParams = { id: string; itemId: string };

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

/** contact, newsletter, error-reports: one POST each. */
export const contactApi = { send: apiRoute('POST', contactApiPath) };
export const newsletterApi = { subscribe: apiRoute('POST', newsletterApiPath) };
export const errorReportsApi = { report: apiRoute('POST', errorReportsApiPath) };

/** samples: the editor's sample images. */
export const samplesApi = {
  list: apiRoute('GET', samplesApiPaths.list),
  image: apiRoute('GET', id(samplesApiPaths.image)),
  thumbnail: apiRoute('GET', id(samplesApiPaths.thumbnail)),
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
