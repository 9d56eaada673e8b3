import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import { badRequest } from './errors.ts';

export const NUL_MESSAGE = 'must not contain NUL characters';
export const BROKEN_CHARACTER_MESSAGE =
  'must not contain half of a character (an unpaired UTF-16 surrogate)';
/**
 * The shape a JSON body may have: no request of ours nests past four levels nor sends more than a
 * few dozen members in one object or array. Checked on the text before it is parsed, since
 * parsing alone costs tens of milliseconds for a megabyte of keys, the one thread every other
 * request waits for (docs/decisions/049).
 */
export const MAX_JSON_DEPTH = 32;
export const MAX_JSON_MEMBERS = 1000;
export const TOO_DEEP_MESSAGE = `JSON body nests deeper than ${MAX_JSON_DEPTH} levels`;
export const TOO_WIDE_MESSAGE = `JSON body has an object or array of more than ${MAX_JSON_MEMBERS} members`;
/** Enough for a person to mend a form; more would only make a hostile request's answer longer. */
const MAX_ISSUES = 20;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;

/**
 * What is wrong with the shape of JSON text, read in one pass before it is parsed: nesting past
 * the depth, or an object or array past the members. Commas outside strings count the members of
 * the innermost open container.
 */
export function jsonShapeProblem(text: string): string | null {
  const members = new Int32Array(MAX_JSON_DEPTH + 1);
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === COMMA) {
      const count = (members[depth] ?? 0) + 1;
      if (count >= MAX_JSON_MEMBERS) return TOO_WIDE_MESSAGE;
      members[depth] = count;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > MAX_JSON_DEPTH) return TOO_DEEP_MESSAGE;
      members[depth] = 0;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth = Math.max(0, depth - 1);
  }
  return null;
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
 * Fastify's own JSON parser (prototype-poisoning checks included), preceded by the shape check:
 * a body nested or spread past it is refused with a 400 before anything parses or walks it.
 */
export function boundJsonShape(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    const problem = jsonShapeProblem(text);
    if (problem) {
      done(badRequest(problem), undefined);
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
