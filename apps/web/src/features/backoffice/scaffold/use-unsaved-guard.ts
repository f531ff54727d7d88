import i18n from 'i18next';
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { loadModals } from '../../../lib/modals';

/**
 * While a form has unsaved changes, leaving it (a link, the back button, another tab) asks first, and
 * closing or reloading the browser tab gets the browser's own warning.
 */
export function useUnsavedGuard(dirty: boolean): { release: () => void } {
  // a ref, so a save can release the guard before the navigation that follows it in the same tick
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void loadModals().then((modals) =>
      modals.openConfirmModal({
        title: i18n.t('bo.unsaved.title'),
        children: i18n.t('bo.unsaved.body'),
        labels: { confirm: i18n.t('bo.unsaved.leave'), cancel: i18n.t('bo.unsaved.stay') },
        confirmProps: { color: 'red' },
        onConfirm: () => blocker.proceed?.(),
        onCancel: () => blocker.reset?.(),
        onClose: () => blocker.state === 'blocked' && blocker.reset?.(),
      }),
    );
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return {
    release: () => {
      dirtyRef.current = false;
    },
  };
}
