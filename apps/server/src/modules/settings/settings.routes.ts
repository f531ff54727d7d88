import { SettingsInputSchema, SettingsSchema } from '@shop/domain';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import * as settings from './settings.service';

/** Issue 18 point 3: the shop's settings, read and replaced by administrators (audited in audit.targets.ts). */
export const settingsRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  const config = { policy: policies.admin };
  const schema = { tags: ['shop (back office)'] };

  app.get('/api/settings', { config, schema: { ...schema, response: { 200: SettingsSchema } } }, (r) =>
    settings.getSettings(r.ctx),
  );
  app.put(
    '/api/settings',
    { config, schema: { ...schema, body: SettingsInputSchema, response: { 200: SettingsSchema } } },
    (r) => settings.updateSettings(r.ctx, r.body),
  );
};
