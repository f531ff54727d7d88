/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** localStorage key of the cart (SPEC §9 'configurable key'); default 'shop-cart'. */
  readonly VITE_CART_STORAGE_KEY?: string;
}
