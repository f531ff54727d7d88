import { messages } from '@shop/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseFailure } from './database-errors';
import { AppError } from './errors';
import { reportError } from './sentry';

type ErrorBody = { message: string; errors?: Record<string, string[]> };

/** Fastify's own error codes for bad requests, mapped to DESIGN §5 statuses and plain messages. */
const fastifyErrors: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, messages.invalidJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, messages.invalidJson],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, messages.unsupportedMediaType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, messages.invalidValue],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, messages.payloadTooLarge],
};

/** One mapper from any thrown error to the DESIGN §5 shape; nothing internal ever leaks (Medusa-style). */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const v of error.validation) {
        const field = (v.instancePath ?? '').slice(1).replaceAll('/', '.');
        const keys =
          v.keyword === 'unrecognized_keys'
            ? (v.params.keys as string[]).map((k) => (field ? `${field}.${k}` : k))
            : [field || '_'];
        for (const key of keys) errors[key] = [...(errors[key] ?? []), v.message ?? messages.invalidValue];
      }
      const body: ErrorBody = { message: error.validation[0]?.message ?? messages.invalidValue, errors };
      return reply.status(422).send(body);
    }
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      const body: ErrorBody = { message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
      return reply.status(error.status).send(body);
    }
    const known = error.code ? fastifyErrors[error.code] : undefined;
    if (known) return reply.status(known[0]).send({ message: known[1] } satisfies ErrorBody);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: messages.invalidValue } satisfies ErrorBody);
    }
    const failure = databaseFailure(error);
    if (failure === 'bad-input') {
      request.log.warn({ err: error }, 'a value the database refuses reached it');
      return reply.status(422).send({ message: messages.invalidValue } satisfies ErrorBody);
    }
    if (failure) {
      // The request fails alone; the pool hands the next one a fresh connection.
      request.log.warn({ err: error, failure }, 'database unavailable or too slow');
      return reply
        .status(503)
        .header('retry-after', '1')
        .send({
          message: failure === 'timeout' ? messages.requestTimedOut : messages.serviceUnavailable,
        } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    reportError(error);
    return reply.status(500).send({ message: messages.serverError } satisfies ErrorBody);
  });
}
