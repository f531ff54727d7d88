import type { QuickOrderReport } from '@shop/domain';
import { useState } from 'react';
import { addManyToCart } from '../../../lib/cart/cart-store';
import { useListToCart } from '../api/list-to-cart';

/** 'Add all to cart': the server clamps the list's lines as quick order does; the found lines join the cart. */
export function useAddAllToCart() {
  const mutation = useListToCart();
  const [report, setReport] = useState<{ listId: number; report: QuickOrderReport } | null>(null);
  const addAll = (listId: number) =>
    mutation.mutate(listId, {
      onSuccess: (result) => {
        addManyToCart(result.products);
        setReport({ listId, report: result });
      },
    });
  return {
    addAll,
    report,
    clear: () => setReport(null),
    pendingId: mutation.isPending ? mutation.variables : null,
  };
}
