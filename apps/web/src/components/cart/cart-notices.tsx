import { Alert, List } from '@mantine/core';
import { messages } from '@shop/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n/translate-message';
import type { CartNotice } from '../../lib/cart/use-quoted-cart';

/** The notice for one change the server made to the cart, naming the product (SPEC §4, §8). */
export function useNoticeText(): (notice: CartNotice) => string {
  const { t } = useTranslation();
  return (notice) => {
    if (notice.kind === 'removed') {
      return notice.reason === 'out_of_stock'
        ? translateMessage(messages.outOfStock.replace(':product', notice.title))
        : t('cart.notices.notFound', { title: notice.title });
    }
    return notice.to < notice.from
      ? t('cart.notices.reduced', { title: notice.title, from: notice.from, quantity: notice.to })
      : t('cart.notices.raised', { title: notice.title, from: notice.from, quantity: notice.to });
  };
}

interface CartNoticesProps {
  notices: CartNotice[];
  onClose: () => void;
}

/** What the server changed in the cart since it was filled: quantities clamped, products removed. */
export function CartNotices({ notices, onClose }: CartNoticesProps) {
  const { t } = useTranslation();
  const text = useNoticeText();
  if (notices.length === 0) return null;
  return (
    <Alert
      variant="light"
      color="orange"
      icon={<IconInfoCircle aria-hidden />}
      title={t('cart.notices.title')}
      withCloseButton
      closeButtonLabel={t('common.close')}
      onClose={onClose}
      role="status"
      data-testid="cart-notices"
    >
      <List size="sm" spacing={4}>
        {notices.map((notice) => (
          <List.Item key={`${notice.kind}-${notice.key}`}>{text(notice)}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
