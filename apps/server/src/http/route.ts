import {
  endpointResponses,
  routerUrl,
  type Endpoint,
  type ErrorResponses,
} from '@cutout/contracts';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

// Registers a route from its endpoint contract (packages/contracts, decision 0220): the method,
// the URL and the schemas (parameters, query, body, answers and the error map) come from the
// contract; the routes file adds the OpenAPI words, its guards and its handler.

type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The schema Fastify validates and documents with, from the contract. */
export type ContractSchema<E extends Endpoint> = {
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  response: NonNullable<E['responses']> & ErrorResponses<E['errors']>;
};

/** The words of the OpenAPI document, which stay beside the route they describe. */
export type RouteDocs = Pick<
  FastifySchema,
  'tags' | 'summary' | 'description' | 'security' | 'hide' | 'consumes' | 'produces'
> & { deprecated?: boolean; operationId?: string };

type Options<E extends Endpoint> = Omit<
  RouteShorthandOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    ContractSchema<E>,
    ZodTypeProvider
  >,
  'schema'
> & { schema?: RouteDocs };

type Handler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  ContractSchema<E>,
  ZodTypeProvider
>;

export function route<E extends Endpoint>(
  app: App,
  endpoint: E,
  options: Options<E>,
  handler: Handler<E>,
): void {
  const schema: FastifySchema = { ...options.schema, response: endpointResponses(endpoint) };
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  if (Object.keys(schema.response as object).length === 0) delete schema.response;
  app.route({
    ...(options as RouteShorthandOptions),
    method: endpoint.method,
    url: routerUrl(endpoint),
    schema,
    handler: handler as RouteHandlerMethod,
  });
}
