import { messages } from '@shop/domain';
import type { Db } from '../../db/client';
import type { ImportColumn, ImportRow, ProductRef, RefKind } from './import-resource';
import * as q from './imports.queries';

/**
 * References by code in imported rows (category, brand, warehouse, a product by SKU…), resolved for a
 * batch at a time: small tables are read whole once per import, products a batch's SKUs at a time.
 * A subcategory resolves to { id, categoryId }, a product to its ProductRef, the rest to an id.
 */
export class RefResolver {
  private readonly small = new Map<RefKind, Map<string, { id: number; categoryId?: number }>>();

  constructor(private readonly db: Db) {}

  private async table(kind: Exclude<RefKind, 'product'>, db = this.db) {
    let map = this.small.get(kind);
    if (!map) {
      map = new Map();
      for (const r of await q.listRefs(db, kind)) {
        map.set(r.k, { id: r.id, ...(r.category_id !== undefined ? { categoryId: r.category_id } : {}) });
      }
      this.small.set(kind, map);
    }
    return map;
  }

  /**
   * Replaces each reference cell of the rows with what it names; an unknown one becomes a problem on
   * its column ('Does not exist') and the cell null. Reads through `db` (a run's batch transaction).
   */
  async resolve(
    rows: { row: ImportRow; problems: { column: string; message: string }[] }[],
    columns: ImportColumn[],
    db = this.db,
  ) {
    for (const column of columns) {
      if (!column.ref) continue;
      const kind = column.ref;
      const found = new Map<string, unknown>();
      if (kind === 'product') {
        const skus = [
          ...new Set(rows.map((r) => r.row[column.header]).filter((v): v is string => typeof v === 'string')),
        ];
        for (const p of await q.findProductsBySku(db, skus)) found.set(p.sku, p satisfies ProductRef);
      } else {
        for (const [k, v] of await this.table(kind, db)) found.set(k, kind === 'subcategory' ? v : v.id);
      }
      for (const r of rows) {
        const value = r.row[column.header];
        if (value === null || value === undefined) continue;
        const target = found.get(String(value));
        if (target === undefined) {
          r.problems.push({ column: column.header, message: messages.importUnknownReference });
          r.row[column.header] = null;
        } else {
          r.row[column.header] = target;
        }
      }
    }
  }

  /** Codes by id of a small table, for exports. */
  async codesById(kind: Exclude<RefKind, 'product'>): Promise<Map<number, string>> {
    return new Map([...(await this.table(kind))].map(([k, v]) => [v.id, k]));
  }
}
