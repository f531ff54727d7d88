import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { markModalsHostReady } from '../lib/modals';

/** The confirmation modals' renderer, mounted on first use (see lib/modals.ts). */
export function ModalsHost() {
  // runs after ModalsProvider's own effects, so its event listeners are in place
  useEffect(() => {
    markModalsHostReady();
  }, []);
  return <ModalsProvider />;
}
