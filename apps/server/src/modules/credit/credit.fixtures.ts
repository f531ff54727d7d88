import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents, invoiceInstalments } from '../../db/schema';

let seq = 0;

/**
 * An invoice of the customer written directly (as the invoicing and the ERP would), total = amount +
 * vat, with its instalments: due date, amount and whether paid.
 */
export async function insertInvoice(
  db: Db,
  spec: {
    customerId: number;
    orderId?: number | null;
    amount: number;
    vat: number;
    type?: 'invoice' | 'credit_note';
    instalments?: { dueDate: string; amount: number; paid?: boolean }[];
  },
) {
  seq += 1;
  const type = spec.type ?? 'invoice';
  const [doc] = await db
    .insert(documents)
    .values({
      type,
      number: `${type === 'invoice' ? 'TINV' : 'TCN'}-${Date.now()}-${seq}`,
      year: 2026,
      customerId: spec.customerId,
      orderId: spec.orderId ?? null,
      date: '2026-10-01',
      amount: spec.amount,
      vat: spec.vat,
    })
    .returning();
  for (const i of spec.instalments ?? []) {
    await db.insert(invoiceInstalments).values({
      documentId: doc!.id,
      dueDate: i.dueDate,
      amount: i.amount,
      paidAt: i.paid ? new Date('2026-11-01T10:00:00Z') : null,
    });
  }
  return doc!;
}

/** The shop's credit settings, as staff would set them. */
export async function setCreditSettings(
  db: Db,
  s: { graceDays?: number; action?: 'approval' | 'refuse'; contact?: string | null },
) {
  await db.execute(sql`update shop set
    credit_grace_days = ${s.graceDays ?? 0},
    credit_action = ${s.action ?? 'approval'},
    credit_contact = ${s.contact ?? null}`);
}

/** The customer's default billing and shipping address ids, as checkout sends them. */
export async function defaultAddresses(db: Db, customerId: number) {
  const rows = (
    (await db.execute(
      sql`select id, type from customer_addresses where customer_id = ${customerId} and is_default`,
    )) as unknown as { rows: { id: number; type: 'B' | 'S' }[] }
  ).rows;
  return {
    billing: { address_id: rows.find((r) => r.type === 'B')!.id },
    shipping: { address_id: rows.find((r) => r.type === 'S')!.id },
  };
}
