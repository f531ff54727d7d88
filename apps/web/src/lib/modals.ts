import type { modals } from '@mantine/modals';
import { useSyncExternalStore } from 'react';

/**
 * Mantine's modals renderer (ModalsProvider and the Modal it brings) is ~35 KB gzip that no first page
 * needs, so it is mounted on first use. Callers go through `loadModals()`:
 *
 *   const modals = await loadModals();
 *   modals.openConfirmModal({ title, children, labels, onConfirm });
 *
 * (Calling `modals.*` from '@mantine/modals' directly before the host is mounted does nothing.)
 */
let requested = false;
let ready: Promise<void> | undefined;
let resolveReady: () => void = () => {};
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once something asked for modals: the app then mounts the host (app/modals-host.tsx). */
export function useModalsRequested(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
}

/** Called by the host once ModalsProvider listens for modal events. */
export function markModalsHostReady(): void {
  resolveReady();
}

/** Mounts the modals host if needed and resolves with Mantine's static modals API. */
export async function loadModals(): Promise<typeof modals> {
  if (!ready) {
    ready = new Promise<void>((resolve) => {
      resolveReady = resolve;
    });
    requested = true;
    for (const listener of listeners) listener();
  }
  const [mantine] = await Promise.all([import('@mantine/modals'), ready]);
  return mantine.modals;
}
