import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { cookieNames } from '../modules/auth/auth.cookies';
import { policies } from './policy';

/** OpenAPI generated from the routes' zod schemas, browsable at /api/docs (DESIGN §2). */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Sonora shop API', version: '1.0.0', description: 'Storefront and back-office API.' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: cookieNames(app.deps.config).session },
          token: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, policy: policies.public };
    });
    await docs.register(swaggerUi, { routePrefix: '/api/docs' });
  });
}
