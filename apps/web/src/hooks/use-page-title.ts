import { useEffect } from 'react';
import { useShopName } from '../api/get-shop';

/** SPEC §2: the document title is the shop's name, preceded by the route's title when there is one. */
export function formatPageTitle(shopName: string, title?: string): string {
  return title ? `${title} | ${shopName}` : shopName;
}

export function usePageTitle(title?: string): void {
  const shopName = useShopName();
  useEffect(() => {
    document.title = formatPageTitle(shopName, title);
  }, [shopName, title]);
}
