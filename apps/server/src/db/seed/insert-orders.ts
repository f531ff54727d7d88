import type { Db } from '../client';
import {
  documentRows,
  documentSequences,
  documents,
  invoiceInstalments,
  orderRows,
  orderStatusChanges,
  orders,
} from '../schema';
import { ACCOUNTS, type CustomerSeed } from './customers';
import { bulkInsert, PRODUCT_CHUNK, ROW_CHUNK } from './insert';
import type { Refs } from './insert-reference';
import type { DocumentSeed, SequenceSeed } from './order-documents';
import type { Actor } from './order-plans';
import type { OrderSeed } from './orders';

/** Writes the demo orders with their rows and status trails, then the documents and their sequences. */

/** Inserts orders, order rows and status changes; sets the ids of the order and row seeds. */
export async function insertOrders(
  tx: Db,
  orderSeeds: OrderSeed[],
  refs: Refs,
  adminId: number,
): Promise<void> {
  const actor = (by: Actor, c: CustomerSeed) =>
    by === 'admin' ? adminId : by === 'customer' ? c.userId : null;
  const insertedOrders = await bulkInsert<typeof orders, { id: number; orderNo: string }>(
    tx,
    orders,
    orderSeeds.map((o) => ({
      orderNo: o.orderNo,
      erpOrderNo: o.erpOrderNo,
      channel: o.channel,
      customerId: o.customer.id,
      placedByUserId: actor(o.placedBy, o.customer),
      placedByEmail: o.placedBy === 'customer' ? o.customer.email : null,
      placedByStaffEmail: o.placedBy === 'admin' ? ACCOUNTS.admin : null,
      billingCompany: o.billingCompany,
      date: o.date,
      status: o.status,
      paymentMethod: o.paymentMethod,
      shippingMethodId: refs.shippingMethodIdBySlug.get(o.shippingSlug)!,
      shippingAddress: o.shippingAddress,
      billingAddress: o.billingAddress,
      shippingCosts: o.shippingCosts,
      paymentFee: o.paymentFee,
      couponCode: o.couponCode,
      vat: o.vat,
      total: o.total,
      totalWithoutTaxes: o.totalWithoutTaxes,
      customerReference: o.customerReference,
      customerReferenceDate: o.customerReferenceDate,
      paidAt: o.paidAt,
      createdAt: o.date,
      updatedAt: o.updatedAt,
    })),
    { chunkSize: PRODUCT_CHUNK, returning: ['id', 'orderNo'] },
  );
  const orderIds = new Map(insertedOrders.map((r) => [r.orderNo, r.id]));
  for (const o of orderSeeds) o.id = orderIds.get(o.orderNo)!;

  const allRows = orderSeeds.flatMap((o) => o.rows.map((r) => ({ order: o, row: r })));
  const insertedRows = await bulkInsert<typeof orderRows, { id: number; orderId: number; productId: number }>(
    tx,
    orderRows,
    allRows.map(({ order, row }) => ({
      orderId: order.id,
      productId: row.product.id,
      productSku: row.product.sku,
      description: row.description,
      orderedQty: row.orderedQty,
      shippedQty: row.shippedQty,
      cancelledQty: row.cancelledQty,
      readyQty: row.readyQty,
      discount: row.discount,
      price: row.price,
      vatRate: row.vatRate,
      subtotal: row.subtotal,
      status: row.status,
      isPreorder: row.isPreorder,
      note: row.note,
      createdAt: order.date,
      updatedAt: order.updatedAt,
    })),
    { chunkSize: ROW_CHUNK, returning: ['id', 'orderId', 'productId'] },
  );
  const rowIds = new Map(insertedRows.map((r) => [`${r.orderId}:${r.productId}`, r.id]));
  for (const { order, row } of allRows) row.id = rowIds.get(`${order.id}:${row.product.id}`)!;
  await bulkInsert(
    tx,
    orderStatusChanges,
    orderSeeds.flatMap((o) =>
      o.changes.map((c) => ({
        orderId: o.id,
        fromStatus: c.from,
        toStatus: c.to,
        userId: actor(c.by, o.customer),
        createdAt: c.at,
        updatedAt: c.at,
      })),
    ),
    { chunkSize: ROW_CHUNK },
  );
}

/** Inserts the documents, their rows (linked to the order rows) and the numbering sequences. */
export async function insertDocuments(
  tx: Db,
  documentSeeds: DocumentSeed[],
  sequences: SequenceSeed[],
  now: Date,
): Promise<void> {
  const insertedDocuments = await bulkInsert<typeof documents, { id: number; number: string }>(
    tx,
    documents,
    documentSeeds.map((d) => ({
      type: d.type,
      number: d.number,
      year: d.year,
      customerId: d.customer.id,
      orderId: d.order.id,
      date: d.date,
      quantity: d.quantity,
      amount: d.amount,
      vat: d.vat,
      // Without terms an invoice falls due on its date, paid when its order was paid online.
      paidAt: d.type === 'invoice' ? d.order.paidAt : null,
      createdAt: d.at,
      updatedAt: d.at,
    })),
    { chunkSize: PRODUCT_CHUNK, returning: ['id', 'number'] },
  );
  const documentIds = new Map(insertedDocuments.map((r) => [r.number, r.id]));
  await bulkInsert(
    tx,
    invoiceInstalments,
    documentSeeds
      .filter((d) => d.type === 'invoice')
      .map((d) => ({
        documentId: documentIds.get(d.number)!,
        dueDate: d.date,
        amount: d.amount + d.vat,
        paidAt: d.order.paidAt,
        createdAt: d.at,
        updatedAt: d.at,
      })),
    { chunkSize: ROW_CHUNK },
  );
  await bulkInsert(
    tx,
    documentRows,
    documentSeeds.flatMap((d) =>
      d.rows.map((r) => ({
        documentId: documentIds.get(d.number)!,
        orderRowId: r.row?.id ?? null,
        productSku: r.productSku,
        description: r.description,
        quantity: r.quantity,
        price: r.price,
        vatRate: r.vatRate,
        amount: r.amount,
        vat: r.vat,
        createdAt: d.at,
        updatedAt: d.at,
      })),
    ),
    { chunkSize: ROW_CHUNK },
  );
  if (sequences.length > 0) {
    await tx
      .insert(documentSequences)
      .values(sequences.map((s) => ({ ...s, createdAt: now, updatedAt: now })));
  }
}
