import { notifications } from '@mantine/notifications';
import i18n from 'i18next';
import { loadModals } from '../../../lib/modals';

/** The toast after a save (issue 3: toasts for saves). */
export function notifySaved(message = i18n.t('bo.detail.saved')): void {
  notifications.show({ color: 'green', message });
}

/**
 * Asks before anything is deleted (issue 3: confirmations for deletions); resolves true on confirm.
 * `note` says what else the deletion changes (the customers of deleted payment terms).
 */
export async function confirmDeletion(what: string, note?: string): Promise<boolean> {
  const modals = await loadModals();
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: i18n.t('bo.confirm.deleteTitle'),
      children: [i18n.t('bo.confirm.deleteBody', { what }), note].filter(Boolean).join(' '),
      labels: { confirm: i18n.t('bo.confirm.delete'), cancel: i18n.t('bo.confirm.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
