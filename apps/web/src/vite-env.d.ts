/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** localStorage key of the cart (SPEC §9 'configurable key'); default 'shop-cart'. */
  readonly VITE_CART_STORAGE_KEY?: string;
  /** Error reporting (SPEC §9) is on when set at build time; release and environment tag its events. */
  readonly VITE_SENTRY_DSN?: string;
  readonly VITE_SENTRY_RELEASE?: string;
  readonly VITE_SENTRY_ENVIRONMENT?: string;
}
