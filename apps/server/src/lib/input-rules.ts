import { hasControlCharacters, messages } from '@shop/domain';
import type { FastifyInstance } from 'fastify';
import { ValidationError } from './errors';

/**
 * Issue 15: one rule for every string the API accepts, in the body, the query and the path: a C0
 * control character (NUL above all, which PostgreSQL refuses in text) is a 422 on its field before
 * the route's schema or any query sees it. Multipart parts are read by their routes, which accept
 * only files and digit-only fields.
 */
export function registerInputRules(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const errors: Record<string, string[]> = {};
    for (const input of [request.params, request.query, request.body]) {
      for (const field of fieldsWithControlCharacters(input)) errors[field] = [messages.controlCharacters];
    }
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  });
}

/**
 * The dotted paths (`rows.0.sku`, as the error handler names zod's fields) of the strings and keys
 * holding control characters. Walked with a stack, not recursion: a body may nest 10,000 levels deep.
 */
function fieldsWithControlCharacters(input: unknown): string[] {
  const found: string[] = [];
  const stack: [unknown, string][] = [[input, '']];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (hasControlCharacters(value)) found.push(path || '_');
      // A raw body (the Stripe webhook's signed bytes) holds no text fields.
    } else if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (hasControlCharacters(key)) found.push(childPath);
        else stack.push([child, childPath]);
      }
    }
  }
  return found;
}
