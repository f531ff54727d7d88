import './lib/zod-jitless';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { installValidationMessages } from '@shop/domain';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { getShippingMethodsQueryOptions } from './api/get-shipping-methods';
import { getShopQueryOptions } from './api/get-shop';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { languageReady, loadServerMessages } from './i18n';
import { setApiNavigator } from './lib/api-client';
import { startErrorReporting } from './lib/error-reporting';
import { queryClient } from './lib/query-client';

installValidationMessages();

const router = createAppRouter();
setApiNavigator((path) => void router.navigate(path));

// SPEC §7: the shop and the shipping methods are loaded at start-up.
void queryClient.prefetchQuery(getShopQueryOptions());
void queryClient.prefetchQuery(getShippingMethodsQueryOptions());

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first paint waits for the stored language's strings (English is fetched on first use).
void languageReady.then(() => {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  void loadServerMessages();
  // After the first render, and only in a build with a DSN: without one not even the loader is bundled.
  if (import.meta.env.VITE_SENTRY_DSN) void startErrorReporting(import.meta.env.VITE_SENTRY_DSN);
});
