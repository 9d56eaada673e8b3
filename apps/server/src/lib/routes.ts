import type { FastifySchema, onRequestHookHandler, onSendHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The scope a module registers its routes on: zod schemas type each route's request. */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** A route's own hooks, beside its schema. */
interface RouteHooks {
  /** A guard (and a rate limit after it): runs before the body is parsed and validated. */
  onRequest?: onRequestHookHandler | onRequestHookHandler[];
  onSend?: onSendHookHandler;
}

/**
 * One module's route options, filed in the API document under the module's tags: `route(schema,
 * hooks)` is `{ ...hooks, schema: { tags, ...schema } }`, with the summary first in `schema`. A
 * guard stays an onRequest hook of the route, so it still answers before validation does.
 */
export function routeOptions(tags: string[]) {
  return <Schema extends Omit<FastifySchema, 'tags'> & { summary: string }>(
    schema: Schema,
    hooks: RouteHooks = {},
  ) => ({ ...hooks, schema: { tags, ...schema } });
}
