// What other features use of users: the signed-in user's profile and credits.
export { meQueryKey, meQueryOptions, useMe } from './api/me';
