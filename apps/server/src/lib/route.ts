import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** A module's route plugin, typed by its zod schemas (fastify-type-provider-zod). */
export type RoutesPlugin = (app: FastifyInstance) => Promise<void>;

export function typed(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}
