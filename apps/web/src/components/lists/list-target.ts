/** The product an 'Add to list' acts on; `orderable` false offers 'Notify me' (out of stock, not released). */
export interface ListTarget {
  id: number;
  isVariant: boolean;
  sku: string;
  title: string;
  orderable: boolean;
  /** The quantity to add: the product's minimum. */
  quantity?: number;
}
