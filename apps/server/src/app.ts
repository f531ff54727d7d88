import cookie from '@fastify/cookie';
import { installValidationMessages } from '@shop/domain';
import Fastify, { type FastifyInstance, LogController, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerApiDocs } from './lib/api-docs';
import type { Deps } from './lib/context';
import { registerErrorHandler } from './lib/error-handler';
import { registerInputRules } from './lib/input-rules';
import { createMailer, type Mailer, queuedMailer, withSender } from './lib/mailer';
import { createMetrics } from './lib/metrics';
import { loggerOptions, registerRequestLog } from './lib/request-log';
import { registerSecurityHeaders } from './lib/security-headers';
import { registerUploads } from './lib/uploads';
import { registerWebApp } from './lib/web-app';
import { accountApprovalsRoutes } from './modules/account-approvals/account-approvals.routes';
import { registerAuditTrail } from './modules/audit/audit.hooks';
import { auditRoutes } from './modules/audit/audit.routes';
import { registerRequestAuth } from './modules/auth/auth.hooks';
import { authRoutes } from './modules/auth/auth.routes';
import { loadSigningKey } from './modules/auth/auth.service';
import { registerRateLimits } from './modules/auth/rate-limit.hooks';
import { createSessionCache } from './modules/auth/session-cache';
import { sessionsRoutes } from './modules/auth/sessions.routes';
import { twoFactorRoutes } from './modules/auth/two-factor.routes';
import { backofficeProductsRoutes } from './modules/backoffice-products/backoffice-products.routes';
import { productTabsRoutes } from './modules/backoffice-products/product-tabs.routes';
import { campaignsRoutes } from './modules/campaigns/campaigns.routes';
import { campaignsAdminRoutes } from './modules/campaigns/campaigns-admin.routes';
import { cartRoutes } from './modules/cart/cart.routes';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { catalogAdminRoutes } from './modules/catalog/catalog-admin.routes';
import { couponsRoutes } from './modules/coupons/coupons.routes';
import { creditRoutes } from './modules/credit/credit.routes';
import { customerOrdersRoutes } from './modules/customer-orders/customer-orders.routes';
import { addressesRoutes } from './modules/customers/addresses.routes';
import { customersRoutes } from './modules/customers/customers.routes';
import { customersAdminRoutes } from './modules/customers/customers-admin.routes';
import { profileRoutes } from './modules/customers/profile.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { discountRulesRoutes } from './modules/discount-rules/discount-rules.routes';
import { documentsRoutes } from './modules/documents/documents.routes';
import { eInvoicesRoutes } from './modules/e-invoices/e-invoices.routes';
import { sdiNotificationsRoutes } from './modules/e-invoices/sdi-notifications.routes';
import { erpRoutes } from './modules/erp/erp.routes';
import { erpCallbacksRoutes } from './modules/erp/erp-callbacks.routes';
import { healthRoutes } from './modules/health/health.routes';
import { homeRoutes } from './modules/home/home.routes';
import { imagesRoutes } from './modules/images/images.routes';
import { impersonationRoutes } from './modules/impersonation/impersonation.routes';
import { importsRoutes } from './modules/imports/imports.routes';
import { listsRoutes } from './modules/lists/lists.routes';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import { approvalsRoutes } from './modules/orders/approvals.routes';
import { backofficeOrdersRoutes } from './modules/orders/backoffice-orders.routes';
import { orderEditRoutes } from './modules/orders/order-edit.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { staffApprovalsRoutes } from './modules/orders/staff-approvals.routes';
import { paymentTermsRoutes } from './modules/payment-terms/payment-terms.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { priceListsRoutes } from './modules/price-lists/price-lists.routes';
import { startListIndex, stopListIndex } from './modules/products/list-index/list-index.service';
import { productsRoutes } from './modules/products/products.routes';
import { queuesRoutes } from './modules/queues/queues.routes';
import { listQueues } from './modules/queues/queues.service';
import { backofficeReturnsRoutes } from './modules/returns/backoffice-returns.routes';
import { returnsRoutes } from './modules/returns/returns.routes';
import { salesSettingsRoutes } from './modules/sales-settings/sales-settings.routes';
import { searchRoutes } from './modules/search/search.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { mailSender } from './modules/settings/settings.service';
import { setupRoutes } from './modules/setup/setup.routes';
import { shopRoutes } from './modules/shop/shop.routes';
import { stockMovementsRoutes } from './modules/stock-movements/stock-movements.routes';
import { teamRoutes } from './modules/team/team.routes';
import { staffRoutes } from './modules/users/staff.routes';
import { usersRoutes } from './modules/users/users.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every registered route, so a test can prove each declares an access policy. */
    routeList: RouteOptions[];
    deps: Deps;
  }
}

export type AppOptions = {
  config: Config;
  database: Database;
  mailer?: Mailer;
  now?: () => Date;
  logger?: boolean;
};

/** Builds the whole app without listening; tests inject requests into it (fastify/demo's split). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  installValidationMessages();
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config),
    // registerRequestLog writes one line per request in place of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.removeContentTypeParser('text/plain');

  const routeList: RouteOptions[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    routeList.push(route);
  });

  const now = options.now ?? (() => new Date());
  const mailTransport = withSender(
    options.mailer ??
      createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }),
    () => mailSender({ db: database.db, config }),
  );
  const jobs: Deps['jobs'] = { boss: null };
  const deps: Deps = {
    db: database.db,
    readDb: database.readDb,
    config,
    mailer: queuedMailer(mailTransport, jobs),
    mailTransport,
    now,
    signingKey: await loadSigningKey(database.db, config.appKey),
    sessions: createSessionCache(now),
    jobs,
    metrics: createMetrics({
      pool: () => database.poolStats(),
      replicas: () => database.replicaStats(),
      queues: async () => {
        const queues = await listQueues({ db: database.db, jobs });
        return queues.enabled ? queues.data : null;
      },
    }),
  };
  app.decorate('deps', deps);
  if (config.listIndex.enabled) {
    startListIndex(database.readDb, {
      source: database.db,
      freshnessMs: config.listIndex.freshnessMs,
      log: app.log,
    });
    app.addHook('onClose', async () => stopListIndex(database.readDb));
  }

  registerErrorHandler(app);
  registerRequestLog(app, deps.metrics);
  registerInputRules(app);
  registerSecurityHeaders(app, config);
  await app.register(cookie);
  await registerApiDocs(app);
  registerRequestAuth(app, deps);
  registerAuditTrail(app);
  registerRateLimits(app);

  await app.register(authRoutes(deps));
  await app.register(sessionsRoutes);
  await app.register(twoFactorRoutes(deps));
  await app.register(usersRoutes);
  await app.register(staffRoutes);
  await app.register(shopRoutes);
  await app.register(setupRoutes);
  await app.register(salesSettingsRoutes);
  await app.register(paymentTermsRoutes);
  await app.register(settingsRoutes);
  await app.register(discountRulesRoutes);
  await app.register(priceListsRoutes);
  await app.register(catalogRoutes);
  await app.register(catalogAdminRoutes);
  await app.register(productsRoutes);
  await app.register(searchRoutes);
  await app.register(backofficeProductsRoutes);
  await app.register(productTabsRoutes);
  await app.register(stockMovementsRoutes);
  await app.register(imagesRoutes);
  await app.register(importsRoutes);
  await app.register(campaignsRoutes);
  await app.register(campaignsAdminRoutes);
  await app.register(homeRoutes);
  await app.register(cartRoutes);
  await app.register(listsRoutes);
  await app.register(customersRoutes);
  await app.register(customersAdminRoutes);
  await app.register(profileRoutes);
  await app.register(addressesRoutes);
  await app.register(couponsRoutes);
  await app.register(teamRoutes);
  await app.register(impersonationRoutes);
  await app.register(ordersRoutes);
  await app.register(approvalsRoutes);
  await app.register(staffApprovalsRoutes);
  await app.register(accountApprovalsRoutes);
  await app.register(creditRoutes);
  await app.register(backofficeOrdersRoutes);
  await app.register(orderEditRoutes);
  await app.register(customerOrdersRoutes);
  await app.register(documentsRoutes);
  await app.register(eInvoicesRoutes);
  await app.register(paymentsRoutes);
  await app.register(returnsRoutes);
  await app.register(backofficeReturnsRoutes);
  await app.register(erpRoutes);
  await app.register(erpCallbacksRoutes);
  await app.register(sdiNotificationsRoutes);
  await app.register(queuesRoutes);
  await app.register(dashboardRoutes);
  await app.register(auditRoutes);

  await app.register(healthRoutes);
  await app.register(metricsRoutes);

  await registerUploads(app, config.dataDir);
  await registerWebApp(app, config.webDist);
  return app;
}
