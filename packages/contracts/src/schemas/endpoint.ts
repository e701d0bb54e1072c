import type * as z from 'zod/v4/core';
import type { ApiRoute, RouteParams } from '../api-routes.js';
import { errorBodySchema } from './errors.js';

// An endpoint contract: the route (method and path, zod-free, ../api-routes.ts) with the schemas
// of its parameters, query, body and answers, and the error statuses it may answer with. The
// server registers its route from it (apps/server/src/http/route.ts); the web calls it with
// apiClient.call (apps/web/src/lib/api-client.ts). Decision 0220.

export interface EndpointSchemas {
  /** The path's parameters, as the server validates them (names as in the route's path). */
  readonly params?: z.$ZodType;
  readonly query?: z.$ZodType;
  /** A JSON body; a multipart or binary body has none here (the route reads it itself). */
  readonly body?: z.$ZodType;
  /** The answers with a schema, by status; a file or an event stream has none. */
  readonly responses?: { readonly [status: number]: z.$ZodType };
  /** The error statuses, each answered with the one error body (./errors.ts). */
  readonly errors?: readonly number[];
}

export type Endpoint<
  Route extends ApiRoute = ApiRoute,
  Schemas extends EndpointSchemas = EndpointSchemas,
> = Route & Schemas & { readonly route: Route };

/** The contract of one endpoint: its route and its schemas. */
export function endpoint<const Route extends ApiRoute, const Schemas extends EndpointSchemas>(
  route: Route,
  schemas: Schemas,
): Endpoint<Route, Schemas> {
  return { ...route, ...schemas, route };
}

type SuccessStatus = 200 | 201 | 202 | 204;

type Output<S> = S extends z.$ZodType ? z.output<S> : undefined;
type Input<S> = S extends z.$ZodType ? z.input<S> : undefined;

/** What a successful answer carries, as the contract's schema gives it. */
export type EndpointResponse<E extends ApiRoute> = E extends { responses: infer R }
  ? [keyof R & SuccessStatus] extends [never]
    ? unknown
    : Output<R[keyof R & SuccessStatus]>
  : unknown;

export type EndpointBody<E extends ApiRoute> = E extends { body: infer B } ? Input<B> : undefined;
export type EndpointQuery<E extends ApiRoute> = E extends { query: infer Q } ? Input<Q> : undefined;
export type EndpointParams<E extends ApiRoute> = RouteParams<E>;

/** The error answers of an endpoint, by status, all with the one error body. */
export type ErrorResponses<Codes extends readonly number[] | undefined> =
  Codes extends readonly number[]
    ? { [Code in Codes[number]]: typeof errorBodySchema }
    : Record<never, never>;

/** Every answer of an endpoint by status: its own schemas, then the error body for its errors. */
export function endpointResponses<E extends Endpoint>(
  endpoint: E,
): NonNullable<E['responses']> & ErrorResponses<E['errors']> {
  const errors = Object.fromEntries((endpoint.errors ?? []).map((code) => [code, errorBodySchema]));
  return { ...endpoint.responses, ...errors } as NonNullable<E['responses']> &
    ErrorResponses<E['errors']>;
}
