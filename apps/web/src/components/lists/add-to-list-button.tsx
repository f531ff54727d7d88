import { ActionIcon, Button } from '@mantine/core';
import { IconBell, IconPlaylistAdd } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/get-current-user';
import { loadAccountStrings } from '../../i18n';
import type { ListTarget } from './list-target';

// The dialog, its strings and the lists' API load on the first click: the storefront's first
// JavaScript only carries this button (issue 22 point 3).
const AddToListModal = lazy(async () => {
  const [module] = await Promise.all([import('./add-to-list-modal'), loadAccountStrings()]);
  return { default: module.AddToListModal };
});

/**
 * 'Add to list' on a product card or page, for a signed-in customer: his lists, a new one, and 'Notify
 * me' when the product cannot be ordered yet (the wishlist of coming releases).
 */
export function AddToListButton({
  target,
  className,
  wide = false,
}: {
  target: ListTarget;
  className?: string;
  /** A labelled full-width button (the product page) instead of the card's round icon. */
  wide?: boolean;
}) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  if (!user?.customer || user.is_super_admin) return null;
  const label = t('product.addToList', { title: target.title });
  const open = () => {
    setLoaded(true);
    setOpened(true);
  };
  return (
    <>
      {wide ? (
        <Button
          variant="default"
          fullWidth
          leftSection={
            target.orderable ? <IconPlaylistAdd size={18} aria-hidden /> : <IconBell size={18} aria-hidden />
          }
          onClick={open}
          data-testid="add-to-list"
        >
          {target.orderable ? t('product.addToListShort') : t('product.notifyMe')}
        </Button>
      ) : (
        <ActionIcon
          variant="default"
          size="lg"
          radius="xl"
          aria-label={label}
          title={label}
          className={className}
          data-testid="add-to-list"
          onClick={open}
        >
          <IconPlaylistAdd size={18} aria-hidden />
        </ActionIcon>
      )}
      {loaded && (
        <Suspense fallback={null}>
          <AddToListModal target={target} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
