import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import { badRequest } from './errors.ts';

export const NUL_MESSAGE = 'must not contain NUL characters';
export const BROKEN_CHARACTER_MESSAGE =
  'must not contain half of a character (an unpaired UTF-16 surrogate)';
/**
 * The deepest nesting of arrays and objects a JSON body may have. No request of ours nests past
 * four; the bound keeps every later walk (parse, checks, schema) short whatever a client sends.
 */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP_MESSAGE = `JSON body nests deeper than ${MAX_JSON_DEPTH} levels`;
/** Enough for a person to mend a form; more would only make a hostile request's answer longer. */
const MAX_ISSUES = 20;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Whether JSON text nests deeper than `max`, read in one pass and before it is parsed. */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return false;
}

/**
 * In JSON text, U+0000 and half surrogates can only be escapes (`\u0000`, `\ud800`): raw control
 * characters are not JSON, and a body decoded from UTF-8 holds no half surrogate. A body without
 * such an escape needs no walk for them.
 */
const SUSPECT_ESCAPE = /\\u(?:0000|d[89a-f])/i;
/** Parsed bodies whose text had no suspect escape; the validator skips its walk for them. */
const cleanBodies = new WeakSet<object>();

/**
 * Fastify's own JSON parser (prototype-poisoning checks included), preceded by the depth bound:
 * a body nested past it is refused with a 400 before anything walks it.
 */
export function boundJsonDepth(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(badRequest(TOO_DEEP_MESSAGE), undefined);
      return;
    }
    parse(request, text, (error, parsed) => {
      if (!error && parsed !== null && typeof parsed === 'object' && !SUSPECT_ESCAPE.test(text)) {
        cleanBodies.add(parsed);
      }
      done(error, parsed);
    });
  });
}

type Path = (string | number)[];
type Problem = { path: Path; message: string };

const problemOf = (text: string): string | null =>
  text.includes('\u0000') ? NUL_MESSAGE : text.isWellFormed() ? null : BROKEN_CHARACTER_MESSAGE;

/**
 * Where text PostgreSQL cannot store hides in a request part, keys included: U+0000, and half of
 * a surrogate pair (valid JSON, but no UTF-8 can carry it). One depth-first pass over a shared
 * path, so the cost is linear in the size of the request however deep or wide it is.
 */
function textProblems(root: unknown): Problem[] {
  const found: Problem[] = [];
  const path: Path = [];
  const pending: { value: object; key: string | number | null; depth: number }[] = [];
  const visit = (value: unknown, key: string | number | null, depth: number) => {
    if (typeof value === 'string') {
      const message = problemOf(value);
      if (message) found.push({ path: key === null ? [] : [...path, key], message });
    } else if (value !== null && typeof value === 'object') {
      pending.push({ value, key, depth });
    }
  };
  visit(root, null, 0);
  for (let next = pending.pop(); next && found.length < MAX_ISSUES; next = pending.pop()) {
    const { value, key, depth } = next;
    path.length = Math.max(0, depth - 1);
    if (key !== null) path.push(key);
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0 && found.length < MAX_ISSUES; i--) {
        visit(value[i], i, depth + 1);
      }
    } else {
      for (const name of Object.keys(value)) {
        if (found.length >= MAX_ISSUES) break;
        const message = problemOf(name);
        if (message) found.push({ path: [...path, name], message });
        else visit((value as Record<string, unknown>)[name], name, depth + 1);
      }
    }
  }
  return found;
}

/** Fails with one issue per bad text found, so the error handler names each field like any other. */
const StorableText = z.unknown().superRefine((value, ctx) => {
  if (typeof value === 'object' && value !== null && cleanBodies.has(value)) return;
  for (const { path, message } of textProblems(value)) {
    ctx.addIssue({ code: 'custom', path, message, input: value });
  }
});

/**
 * fastify-type-provider-zod's validator, preceded by one rule for every route: no string in a
 * body, query or path holds U+0000 or half a surrogate pair. PostgreSQL `text` and `jsonb` cannot
 * store either, so without this check such a value passes every schema and fails as a 500 in the
 * database. Other control characters are left to each field's own schema: PostgreSQL stores
 * them, and JSON and HTML escape them.
 */
export const validatorWithStorableText: FastifySchemaCompiler<ZodType> = (route) => {
  const refuseBadText = validatorCompiler({ ...route, schema: StorableText });
  const validate = validatorCompiler(route);
  return (data) => {
    const bad = refuseBadText(data);
    if (typeof bad === 'object' && bad !== null && 'error' in bad && bad.error) return bad;
    return validate(data);
  };
};
