import {
  type Dashboard,
  type DashboardPeriod,
  type ImportResourceName,
  LOW_STOCK_THRESHOLD,
  type OrderStatus,
  SALES_STATUSES,
  STAFF_ACTION_STATUSES,
} from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { addDays, addMonths, shopDate } from '../../lib/dates';
import { TOTAL_CAP } from '../products/products.service';
import * as q from './dashboard.queries';

/**
 * GET /api/backoffice/dashboard (issue 22 point 6): the figures staff start the day with, each with the
 * link to the back-office list that shows exactly what it counts (the same filters, so the same total).
 */

type Reader = Pick<Ctx, 'db' | 'now'>;

const RECENT_FAILED_PAYMENTS = 5;
const SALES_DAYS = 30;

/** A back-office route with its list filters. */
function link(route: string, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return `/backoffice/${route}${search ? `?${search}` : ''}`;
}

const ordersLink = (query: Record<string, string>) => link('orders', query);

/** The list an import's records land in. */
const IMPORT_LISTS: Record<ImportResourceName, string> = {
  products: 'products',
  variants: 'products',
  attributes: 'products',
  stock: 'products',
  categories: 'categories',
  subcategories: 'subcategories',
  brands: 'brands',
  uoms: 'uoms',
  'attribute-tags': 'products',
  customers: 'customers',
  'customer-groups': 'customer-groups',
  'discount-rules': 'discount-rules',
  'campaign-rows': 'campaigns',
  'price-list-rows': 'price-lists',
  coupons: 'coupons',
  'shipping-methods': 'shipping-methods',
  warehouses: 'warehouses',
  'stock-movements': 'warehouse-transactions',
};

async function period(ctx: Reader, from: string, to: string): Promise<DashboardPeriod> {
  const sales = await q.salesBetween(ctx.db, from, to, SALES_STATUSES);
  return {
    from,
    to,
    ...sales,
    link: ordersLink({ status: SALES_STATUSES.join(','), date_from: from, date_to: to }),
  };
}

/** Monday and Sunday of the week of `date` (ISO weeks). */
function weekOf(date: string): { from: string; to: string } {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  const from = addDays(date, -weekday);
  return { from, to: addDays(from, 6) };
}

/**
 * The dashboard: sales today and this month (to date) against the same days last year (orders placed
 * but not cancelled, totals with VAT), orders waiting for staff by status (DESIGN §6 rules 10, 18),
 * failed payments, orders whose ERP sync failed, imports running, products running out, pre-orders
 * releasing this week, sales of the last 30 days by day and of this month by category.
 */
export function getDashboard(ctx: Reader): Promise<Dashboard> {
  const now = ctx.now().getTime();
  const hit = cache.get(ctx.db);
  if (hit && now >= hit.at && now - hit.at < CACHE_MS) return hit.value;
  const entry = { at: now, value: computeDashboard(ctx) };
  cache.set(ctx.db, entry);
  entry.value.catch(() => {
    if (cache.get(ctx.db) === entry) cache.delete(ctx.db);
  });
  return entry.value;
}

/**
 * The figures of a few seconds ago are good enough for a page several people keep open: one
 * computation per database every CACHE_MS, concurrent requests sharing it (a failure is not kept).
 */
const CACHE_MS = 5_000;
const cache = new WeakMap<Reader['db'], { at: number; value: Promise<Dashboard> }>();

async function computeDashboard(ctx: Reader): Promise<Dashboard> {
  const today = shopDate(ctx.now());
  const monthStart = `${today.slice(0, 8)}01`;
  const lastYear = (date: string) => addMonths(date, -12);
  const week = weekOf(today);
  const firstDay = addDays(today, -(SALES_DAYS - 1));
  const [
    todayNow,
    todayThen,
    monthNow,
    monthThen,
    waiting,
    failedCounts,
    failedRecent,
    erpFailures,
    imports,
    lowStock,
    preorders,
    byDay,
    byCategory,
  ] = await Promise.all([
    period(ctx, today, today),
    period(ctx, lastYear(today), lastYear(today)),
    period(ctx, monthStart, today),
    period(ctx, lastYear(monthStart), lastYear(today)),
    q.countByStatus(ctx.db, STAFF_ACTION_STATUSES),
    q.countByStatus(ctx.db, ['failed_payment']),
    q.recentOrdersIn(ctx.db, 'failed_payment', RECENT_FAILED_PAYMENTS),
    q.countErpFailures(ctx.db),
    q.runningImports(ctx.db),
    q.countLowStock(ctx.db, LOW_STOCK_THRESHOLD, TOTAL_CAP),
    q.countPreordersReleasing(ctx.db, week.from, week.to, TOTAL_CAP),
    q.salesByDay(ctx.db, firstDay, today, SALES_STATUSES),
    q.salesByCategory(ctx.db, monthStart, today, SALES_STATUSES),
  ]);
  const countOf = (rows: { status: OrderStatus; count: number }[], status: OrderStatus) =>
    rows.find((r) => r.status === status)?.count ?? 0;
  const dayRows = new Map(byDay.map((d) => [d.date, d]));
  return {
    today,
    today_sales: { current: todayNow, last_year: todayThen },
    month_sales: { current: monthNow, last_year: monthThen },
    waiting: STAFF_ACTION_STATUSES.map((status) => ({
      status,
      count: countOf(waiting, status),
      link: ordersLink({ status }),
    })),
    failed_payments: {
      count: countOf(failedCounts, 'failed_payment'),
      link: ordersLink({ status: 'failed_payment' }),
      recent: failedRecent.map((o) => ({
        order_no: o.order_no,
        date: new Date(o.date).toISOString(),
        customer: o.customer,
        total: o.total,
        link: link(`orders/${encodeURIComponent(o.order_no)}`),
      })),
    },
    erp_failures: { count: erpFailures, link: ordersLink({ erp_sync: 'failed' }) },
    imports_running: imports.map((i) => ({
      id: i.id,
      resource: i.resource as ImportResourceName,
      filename: i.filename,
      processed: i.processed,
      total_rows: i.total_rows,
      started_at: i.started_at === null ? null : new Date(i.started_at).toISOString(),
      link: link(IMPORT_LISTS[i.resource as ImportResourceName] ?? 'products'),
    })),
    low_stock: {
      threshold: LOW_STOCK_THRESHOLD,
      count: Math.min(lowStock, TOTAL_CAP),
      count_is_estimate: lowStock > TOTAL_CAP,
      link: link('products', { in_stock: '1', available_max: String(LOW_STOCK_THRESHOLD) }),
    },
    preorders_this_week: {
      ...week,
      count: Math.min(preorders, TOTAL_CAP),
      link: link('products', {
        available_for_preorders: '1',
        release_from: week.from,
        release_to: week.to,
      }),
    },
    sales_by_day: Array.from({ length: SALES_DAYS }, (_, i) => {
      const date = addDays(firstDay, i);
      const row = dayRows.get(date);
      return { date, orders: row?.orders ?? 0, revenue: Number(row?.revenue ?? 0) };
    }),
    sales_by_category: byCategory.map((c) => ({
      category: c.category ?? '',
      revenue: Number(c.revenue),
    })),
  };
}
