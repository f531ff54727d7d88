import { Group, Stack, UnstyledButton } from '@mantine/core';
import type { ProductDetail } from '@shop/domain';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductCover } from '../../../components/product/product-cover';
import classes from './product-detail.module.css';

interface GalleryImage {
  url: string;
  thumb: string;
}

/** The cover first, then the other images; the cover URL alone when there is no image list. */
export function galleryImages(product: Pick<ProductDetail, 'images' | 'cover_url'>): GalleryImage[] {
  const sorted = [...product.images].sort((a, b) => Number(b.is_cover) - Number(a.is_cover));
  const images = sorted.map((image) => ({ url: image.url, thumb: image.thumb_url ?? image.url }));
  if (images.length === 0 && product.cover_url)
    images.push({ url: product.cover_url, thumb: product.cover_url });
  return images;
}

/**
 * The product's images: a large one and a row of thumbnails. The thumbnails are a toolbar: one tab stop,
 * arrow keys, Home and End move between them and show the image.
 */
export function ImageGallery({
  product,
}: {
  product: Pick<ProductDetail, 'images' | 'cover_url' | 'description'>;
}) {
  const { t } = useTranslation();
  const images = galleryImages(product);
  const [current, setCurrent] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const shown = images[Math.min(current, images.length - 1)];

  const select = (index: number) => {
    const next = (index + images.length) % images.length;
    setCurrent(next);
    thumbs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowDown: current + 1,
      ArrowLeft: current - 1,
      ArrowUp: current - 1,
      Home: 0,
      End: images.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <Stack gap="sm" role="group" aria-label={t('product.gallery.label')} data-testid="gallery">
      <ProductCover url={shown?.url ?? null} title={product.description} priority />
      {images.length > 1 && (
        <Group gap="xs" role="toolbar" aria-label={t('product.gallery.thumbs')}>
          {images.map((image, index) => (
            <UnstyledButton
              key={image.url}
              ref={(element) => {
                thumbs.current[index] = element;
              }}
              aria-pressed={index === current}
              aria-label={t('product.gallery.thumb', { n: index + 1, total: images.length })}
              tabIndex={index === current ? 0 : -1}
              className={classes.thumb}
              data-active={index === current || undefined}
              onClick={() => setCurrent(index)}
              onKeyDown={onKeyDown}
            >
              <img src={image.thumb} alt="" loading="lazy" decoding="async" />
            </UnstyledButton>
          ))}
        </Group>
      )}
    </Stack>
  );
}
