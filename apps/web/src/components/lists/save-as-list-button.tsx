import { Button, type ButtonProps } from '@mantine/core';
import { IconPlaylistAdd } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { loadAccountStrings } from '../../i18n';
import type { SaveAsListModal as Modal } from './save-as-list-modal';

const SaveAsListModal = lazy(async () => {
  const [module] = await Promise.all([import('./save-as-list-modal'), loadAccountStrings()]);
  return { default: module.SaveAsListModal };
});

type ModalProps = Omit<Parameters<typeof Modal>[0], 'opened' | 'onClose'>;

/** 'Save as list' (the cart, an order): the dialog and its strings load on the first click. */
export function SaveAsListButton({
  label,
  modal,
  ...button
}: { label: string; modal: ModalProps } & Omit<ButtonProps, 'children'>) {
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconPlaylistAdd size={16} aria-hidden />}
        data-testid="save-as-list"
        {...button}
        onClick={() => {
          setLoaded(true);
          setOpened(true);
        }}
      >
        {label}
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <SaveAsListModal {...modal} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
