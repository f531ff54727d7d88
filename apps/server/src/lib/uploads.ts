import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { policies } from './policy';

/**
 * GET /uploads/*: files under DATA_DIR/uploads (product covers and images), public like the web app's
 * assets. Uploaded SVGs are documents that could carry script, so every answer is sandboxed by a
 * content security policy that lets an image render and nothing run.
 */
export async function registerUploads(app: FastifyInstance, dataDir: string): Promise<void> {
  const root = path.join(dataDir, 'uploads');
  mkdirSync(root, { recursive: true });
  await app.register(async (uploads) => {
    uploads.addHook('onRoute', (route) => {
      route.config = { ...route.config, policy: policies.public, staticFile: true };
    });
    await uploads.register(fastifyStatic, {
      root,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      cacheControl: false,
      setHeaders: (res) => {
        res.setHeader('cache-control', 'public, max-age=3600');
        res.setHeader('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      },
    });
  });
}
