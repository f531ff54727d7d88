import { z } from 'zod';
import { ORDER_STATUSES, type OrderStatus } from '../orders/status-machine';
import { IMPORT_RESOURCES } from './imports';

/**
 * The back office's home (issue 22 point 6): what needs staff today. Every figure carries `link`, the
 * back-office list (route and query string) that shows exactly the records it counts.
 */

/**
 * Statuses waiting for staff (DESIGN §6 rules 10 and 18): an approval to decide, a registered order to
 * confirm, then work, picking and shipping. `pending` and `failed_payment` wait for the customer's
 * payment (failed payments have their own figure); from `on_ship` on the carrier or the ERP moves it.
 */
export const STAFF_ACTION_STATUSES = [
  'awaiting_approval',
  'registered',
  'confirmed',
  'in_work',
  'picking',
  'ready_to_ship',
] as const satisfies readonly OrderStatus[];

/** Orders counted as sales: every order placed but cancelled ones. */
export const SALES_STATUSES = ORDER_STATUSES.filter((s) => s !== 'cancelled');

/** A product runs out when its available quantity is above zero and at most this many units. */
export const LOW_STOCK_THRESHOLD = 5;

const LinkSchema = z.string();

/** Orders placed in a period (business dates, Europe/Rome, both included) and their total in cents. */
export const DashboardPeriodSchema = z.object({
  from: z.string(),
  to: z.string(),
  orders: z.number().int(),
  revenue: z.number().int(),
  link: LinkSchema,
});
export type DashboardPeriod = z.infer<typeof DashboardPeriodSchema>;

export const DashboardComparisonSchema = z.object({
  current: DashboardPeriodSchema,
  last_year: DashboardPeriodSchema,
});

export const DashboardCountSchema = z.object({ count: z.number().int(), link: LinkSchema });

export const DashboardSchema = z.object({
  /** The shop's date the figures are for. */
  today: z.string(),
  today_sales: DashboardComparisonSchema,
  /** From the first of the month to today, against the same days last year. */
  month_sales: DashboardComparisonSchema,
  waiting: z.array(DashboardCountSchema.extend({ status: z.enum(STAFF_ACTION_STATUSES) })),
  failed_payments: DashboardCountSchema.extend({
    recent: z.array(
      z.object({
        order_no: z.string(),
        date: z.string(),
        customer: z.string(),
        total: z.number().int(),
        link: LinkSchema,
      }),
    ),
  }),
  /** Orders whose newest ERP sync failed every retry. */
  erp_failures: DashboardCountSchema,
  imports_running: z.array(
    z.object({
      id: z.number().int(),
      resource: z.enum(IMPORT_RESOURCES),
      filename: z.string(),
      processed: z.number().int(),
      total_rows: z.number().int(),
      started_at: z.string().nullable(),
      link: LinkSchema,
    }),
  ),
  low_stock: DashboardCountSchema.extend({
    threshold: z.number().int(),
    /** More than 10,000 match: `count` is that cap, as on the products list. */
    count_is_estimate: z.boolean(),
  }),
  /** Pre-order products releasing from Monday to Sunday of this week. */
  preorders_this_week: DashboardCountSchema.extend({ from: z.string(), to: z.string() }),
  /** The last 30 days, today included, oldest first; days without orders have zeros. */
  sales_by_day: z.array(z.object({ date: z.string(), orders: z.number().int(), revenue: z.number().int() })),
  /** This month's order rows (net, cents) by product category, highest first. */
  sales_by_category: z.array(z.object({ category: z.string(), revenue: z.number().int() })),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
