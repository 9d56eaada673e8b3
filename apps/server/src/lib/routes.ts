import type { FastifySchema, onRequestHookHandler, onSendHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** `:id` of a route about one thing: a uuid, refused as "Not a valid <thing> id" otherwise. */
export const idParams = (thing: string) => z.object({ id: z.uuid(`Not a valid ${thing} id`) });

/** The scope a module registers its routes on: zod schemas type each route's request. */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** What a route reads, by Fastify's names: written in the order the API document lists it. */
type RequestParts = Pick<FastifySchema, 'params' | 'querystring' | 'headers' | 'body' | 'consumes'>;

/**
 * A route's schema and its own hooks. Most routes give one answer: `ok` (200), `created` (201),
 * `accepted` (202) or `noContent` (204, no body); `response` lists answers by status otherwise.
 */
export interface RouteSpec extends RequestParts {
  ok?: unknown;
  created?: unknown;
  accepted?: unknown;
  noContent?: true;
  response?: Record<number, unknown>;
  /** A guard (and a rate limit after it): runs before the body is parsed and validated. */
  onRequest?: onRequestHookHandler | onRequestHookHandler[];
  onSend?: onSendHookHandler;
}

/**
 * An onSend hook for an answer that is the caller's own and current (a balance, a session, a
 * moderation queue): no browser or proxy may keep it.
 */
export const noStore: onSendHookHandler = async (_request, reply, payload) => {
  reply.header('cache-control', 'no-store');
  return payload;
};

type HookKeys = 'onRequest' | 'onSend';

/** The answers by status, as Fastify types the reply from them. */
type Answers<S extends RouteSpec> = (S extends { ok: infer T } ? { 200: T } : unknown) &
  (S extends { created: infer T } ? { 201: T } : unknown) &
  (S extends { accepted: infer T } ? { 202: T } : unknown) &
  (S extends { noContent: true } ? { 204: z.ZodNull } : unknown) &
  (S extends { response: infer R } ? R : unknown);

type RouteOptions<S extends RouteSpec> = Pick<S, HookKeys & keyof S> & {
  schema: { tags: string[]; summary: string } & Pick<S, keyof RequestParts & keyof S> & {
      response: Answers<S>;
    };
};

/**
 * One module's route options, filed in the API document under the module's tags:
 * `route(summary, { body, ok, onRequest })` is `{ onRequest, schema: { tags, summary, body,
 * response: { 200: ok } } }`. A guard stays an onRequest hook of the route, so it still answers
 * before validation does.
 */
export function routeOptions(tags: string[]) {
  return <S extends RouteSpec = Record<never, never>>(
    summary: string,
    spec: S = {} as S,
  ): RouteOptions<S> => {
    const { ok, created, accepted, noContent, response, onRequest, onSend, ...request } = spec;
    const answers: Record<number, unknown> = { ...response };
    if (ok) answers[200] = ok;
    if (created) answers[201] = created;
    if (accepted) answers[202] = accepted;
    if (noContent) answers[204] = z.null();
    const hooks = { ...(onRequest && { onRequest }), ...(onSend && { onSend }) };
    const schema = { tags, summary, ...request };
    // A route without a documented answer (the event stream) keeps a schema without one.
    const answered = Object.keys(answers).length ? { ...schema, response: answers } : schema;
    return { ...hooks, schema: answered } as RouteOptions<S>;
  };
}
