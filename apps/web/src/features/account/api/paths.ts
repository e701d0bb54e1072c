// The signed-in user's endpoints. Written here rather than imported from `accountsApiPaths`:
// that module builds zod schemas, and the dashboard must not load zod on its first load
// (docs/decisions/0022, 0040). paths.test.ts checks both stay the same.
export const meApiPaths = {
  me: '/api/me',
  creditHistory: '/api/me/credits/history',
} as const;
