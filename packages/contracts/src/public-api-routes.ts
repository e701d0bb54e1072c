import { apiRoute, pathById } from './api-routes.js';
import { publicApiPaths } from './public-api.js';

// The public API's routes, in a module of their own: the documentation pages show its paths
// (./public-api.ts) but call none of them.

/**
 * public-api: Cutout's /api/v1 and remove.bg's /v1.0 (decision 0080). Called by API clients,
 * not by the web app, which shows these paths in its documentation.
 */
export const publicApi = {
  removeBackground: apiRoute('POST', publicApiPaths.removeBackground),
  account: apiRoute('GET', publicApiPaths.account),
  usage: apiRoute('GET', publicApiPaths.usage),
  jobs: apiRoute('GET', publicApiPaths.jobs),
  job: apiRoute('GET', pathById(publicApiPaths.job)),
  removeBg: apiRoute('POST', publicApiPaths.removeBgCompatible),
  removeBgAccount: apiRoute('GET', publicApiPaths.removeBgAccount),
};
