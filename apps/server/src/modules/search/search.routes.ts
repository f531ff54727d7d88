import { SearchSuggestionsQuerySchema, SearchSuggestionsSchema } from '@shop/domain';
import { catalogueReadCtx } from '../../lib/context';
import { policies } from '../../lib/policy';
import { type RoutesPlugin, typed } from '../../lib/route';
import * as search from './search.service';

const tags = ['search'];

/**
 * Issue 22: suggestions while typing in the storefront's search box. Signed in, as the product list
 * is (its prices are the caller's, DESIGN §6), and like it read from the read replicas.
 */
export const searchRoutes: RoutesPlugin = async (fastify) => {
  const app = typed(fastify);
  app.get(
    '/api/search/suggestions',
    {
      config: { policy: policies.authenticated },
      schema: { tags, querystring: SearchSuggestionsQuerySchema, response: { 200: SearchSuggestionsSchema } },
    },
    (request) => search.suggest(catalogueReadCtx(request.ctx), request.query.q),
  );
};
