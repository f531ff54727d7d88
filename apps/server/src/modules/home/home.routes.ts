import { HomeSchema } from '@shop/domain';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import { getHome } from './home.service';

/** GET /api/home: everything the home page shows in one call; public, product shelves only when signed in. */
export const homeRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  app.get(
    '/api/home',
    { config: { policy: policies.public }, schema: { tags: ['home'], response: { 200: HomeSchema } } },
    (r) => getHome(r.ctx),
  );
};
