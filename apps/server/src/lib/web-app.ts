import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { messages } from '@shop/domain';
import type { FastifyInstance } from 'fastify';
import { policies } from './policy';

/** Paths that answer a JSON 404 when missing, never the web app's index.html. */
const API_PREFIXES = ['/api/', '/sanctum/', '/uploads/'];

/** The built web app's index.html, or undefined when the web app is not built. */
export function readIndexHtml(webDist: string): Buffer | undefined {
  const indexFile = path.join(webDist, 'index.html');
  return existsSync(indexFile) ? readFileSync(indexFile) : undefined;
}

/**
 * Serves the built web app: hashed assets with a long cache, and index.html for every other GET that
 * is not an API path, so client-side routes (and the SPA's own 404 page) load on reload.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexHtml = readIndexHtml(webDist);
  if (indexHtml) {
    await app.register(async (web) => {
      web.addHook('onRoute', (route) => {
        route.config = { ...route.config, policy: policies.public, staticFile: true };
      });
      await web.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: false,
        cacheControl: false,
        setHeaders: (res, file) => {
          const immutable = file.includes(`${path.sep}assets${path.sep}`);
          res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !API_PREFIXES.some((p) => request.url.startsWith(p));
    if (indexHtml && isPage) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    }
    return reply.status(404).send({ message: messages.notFound });
  });
}
