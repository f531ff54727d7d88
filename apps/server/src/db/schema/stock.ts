import type { WarehouseOperation } from '@shop/domain';
import { date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { products } from './catalog';
import { id, timestamps } from './columns';

export const warehouses = pgTable('warehouses', {
  id: id(),
  code: text().notNull().unique(),
  description: text().notNull(),
  managementType: text().notNull().default('standard'),
  ...timestamps,
});

/** DESIGN §4: stock per product (or variant) per warehouse; available = onHand − ordered. */
export const stocks = pgTable(
  'stocks',
  {
    id: id(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    warehouseId: integer()
      .notNull()
      .references(() => warehouses.id),
    onHand: integer().notNull().default(0),
    onOrder: integer().notNull().default(0),
    ordered: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex().on(t.productId, t.warehouseId)],
);

/** Every change of on-hand stock, written in the same database transaction (DESIGN §4). */
export const warehouseTransactions = pgTable(
  'warehouse_transactions',
  {
    id: id(),
    warehouseId: integer()
      .notNull()
      .references(() => warehouses.id),
    productId: integer()
      .notNull()
      .references(() => products.id),
    sku: text().notNull(),
    variantCode: text(),
    operation: text().$type<WarehouseOperation>().notNull(),
    documentDate: date({ mode: 'string' }).notNull(),
    documentNumber: text().notNull(),
    quantity: integer().notNull(),
    previousStock: integer().notNull(),
    resultStock: integer().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index().on(t.sku), index().on(t.warehouseId, t.createdAt)],
);
