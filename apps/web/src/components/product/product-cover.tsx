import { AspectRatio, Center, Image, Stack, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './product.module.css';

interface ProductCoverProps {
  url: string | null;
  title: string;
  /** Eager for the first images of a page (the largest contentful paint), lazy otherwise. */
  priority?: boolean;
}

/** A square cover, or a neutral placeholder when the product has none. */
export function ProductCover({ url, title, priority = false }: ProductCoverProps) {
  const { t } = useTranslation();
  return (
    <AspectRatio ratio={1} className={classes.cover}>
      {url ? (
        <Image
          src={url}
          alt={t('product.coverAlt', { title })}
          fit="contain"
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          fetchPriority={priority ? 'high' : 'auto'}
        />
      ) : (
        <Center className={classes.placeholder} role="img" aria-label={t('product.noCover')}>
          <Stack gap={4} align="center">
            <IconPhotoOff size={32} stroke={1.4} aria-hidden />
            <Text size="xs" c="dimmed">
              {t('product.noCover')}
            </Text>
          </Stack>
        </Center>
      )}
    </AspectRatio>
  );
}
