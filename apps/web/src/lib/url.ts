// The one way the web app adds a query to an address (a download link, a redirect, a preview):
// parameters are merged into the query the address already has, so an address that arrives with
// `?v=2` (a touched-up result) gets `?v=2&download=1`, never `?v=2?download=1` (issue 39). No
// other file writes `?name=` by hand: `url.test.ts` scans the app for it.

type QueryValue = string | number | boolean | null | undefined;

/** `address` (relative or absolute) with `params` set in its query; undefined/null are left out. */
export function withQuery(address: string, params: Record<string, QueryValue>): string {
  const hashAt = address.indexOf('#');
  const hash = hashAt === -1 ? '' : address.slice(hashAt);
  const beforeHash = hashAt === -1 ? address : address.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = new URLSearchParams(queryAt === -1 ? '' : beforeHash.slice(queryAt + 1));
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    query.set(name, String(value));
  }
  const text = query.toString();
  return `${path}${text ? `?${text}` : ''}${hash}`;
}

/** A result's address that the server answers as an attachment (`download=1`). */
export function downloadAddress(address: string): string {
  return withQuery(address, { download: 1 });
}
