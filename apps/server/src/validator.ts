import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

export const NUL_MESSAGE = 'must not contain NUL characters';

type Path = (string | number)[];

/**
 * Where U+0000 hides in a request part, keys included. Iterative, so a deeply nested body (which
 * JSON.parse accepts) cannot overflow the stack.
 */
function nulPaths(root: unknown): Path[] {
  const found: Path[] = [];
  const pending: { value: unknown; path: Path }[] = [{ value: root, path: [] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) found.push(path);
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => {
        pending.push({ value: item, path: [...path, index] });
      });
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) found.push([...path, key]);
        else pending.push({ value: item, path: [...path, key] });
      }
    }
  }
  return found;
}

/** Fails with one issue per NUL found, so the error handler names each field like any other. */
const NoNulCharacters = z.unknown().superRefine((value, ctx) => {
  for (const path of nulPaths(value)) {
    ctx.addIssue({ code: 'custom', path, message: NUL_MESSAGE, input: value });
  }
});

/**
 * fastify-type-provider-zod's validator, preceded by one rule for every route: no string in a
 * body, query or path holds U+0000. PostgreSQL `text` cannot store it, so without this check such
 * a value passes every schema and fails as a 500 in the database. Other control characters are
 * left to each field's own schema: PostgreSQL stores them, and JSON and HTML escape them.
 */
export const validatorWithoutNul: FastifySchemaCompiler<ZodType> = (route) => {
  const refuseNul = validatorCompiler({ ...route, schema: NoNulCharacters });
  const validate = validatorCompiler(route);
  return (data) => {
    const nul = refuseNul(data);
    if (typeof nul === 'object' && nul !== null && 'error' in nul && nul.error) return nul;
    return validate(data);
  };
};
