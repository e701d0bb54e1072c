import {
  accountsApiPaths,
  contactApiPath,
  errorReportsApiPath,
  newsletterApiPath,
  newsletterConfirmApiPath,
  newsletterUnsubscribeApiPath,
} from './paths.js';

// Each endpoint's method and path, one object per server module: the zod-free half of an
// endpoint contract (./schemas/endpoints.ts adds the schemas). A page that must load without zod
// (docs/decisions/0022, 0064) calls its endpoint through this half, typed by the other one with
// an `import type`; the server registers every route from the whole contract (decision 0220).
// The bundler counts a call as a side effect, so every object here is on every page: modules
// only some pages call keep theirs beside their paths (payments-api.ts, payments-server-api.ts,
// admin-subscriptions.ts, public-api-routes.ts, and the app's and admin's in app-api-routes.ts).

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
  verifyEmail: apiRoute('GET', accountsApiPaths.verifyEmail),
  resendVerification: apiRoute('POST', accountsApiPaths.resendVerification),
  adminSetup: apiRoute('GET', accountsApiPaths.adminSetup),
  adminCredentials: apiRoute('PUT', accountsApiPaths.adminCredentials),
  adminClearUsers: apiRoute('POST', accountsApiPaths.adminClearUsers),
};

/** contact, newsletter, error-reports: one POST each. */
export const contactApi = { send: apiRoute('POST', contactApiPath) };
export const newsletterApi = {
  subscribe: apiRoute('POST', newsletterApiPath),
  confirm: apiRoute('POST', newsletterConfirmApiPath),
  unsubscribe: apiRoute('POST', newsletterUnsubscribeApiPath),
};
export const errorReportsApi = { report: apiRoute('POST', errorReportsApiPath) };
