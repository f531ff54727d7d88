import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { useModalsRequested } from '../lib/modals';
import { queryClient } from '../lib/query-client';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';
import { ToastHost } from './toast-host';

/** Mounted on the first `loadModals()` (lib/modals.ts): no first page needs it. */
const ModalsHost = lazy(
  (): Promise<{ default: ComponentType }> =>
    import('./modals-host').then(
      (m) => ({ default: m.ModalsHost }),
      () => ({ default: () => null }),
    ),
);

function ModalsGate() {
  const requested = useModalsRequested();
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ModalsHost />
    </Suspense>
  );
}

interface ProvidersProps {
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals (Testing Library). */
  env?: 'default' | 'test';
}

/** Theme (auto light/dark on first load), the query cache, toasts and confirmation modals. */
export function Providers({ children, env = 'default' }: ProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
      env={env}
    >
      <QueryClientProvider client={queryClient}>
        <ToastHost />
        <ModalsGate />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
