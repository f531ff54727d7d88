import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  Loader,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import type { ProductImage } from '@shop/domain';
import { IconArrowDown, IconArrowUp, IconPhotoUp, IconStar, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryState } from '../../../../components/retry-state';
import { translateMessage } from '../../../../i18n/translate-message';
import { ApiError } from '../../../../lib/api-client';
import { confirmDeletion, notifySaved } from '../../scaffold/notify';
import { deleteImage, listImages, productKeys, reorderImages, setCover, uploadImages } from '../api/products';

/** The images in a new order: `from` moved to `to`. */
export function moved<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** The images tab (SPEC §2): upload several with progress, choose the cover, reorder, delete. */
export function ProductImagesTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = productKeys.tab(id, 'images');
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => listImages(id, signal) });
  const [progress, setProgress] = useState<number>();
  const [error, setError] = useState<string>();
  const [dragged, setDragged] = useState<number>();

  async function change(action: () => Promise<ProductImage[]>, message?: string) {
    setError(undefined);
    try {
      queryClient.setQueryData(key, await action());
      void queryClient.invalidateQueries({ queryKey: productKeys.list });
      if (message) notifySaved(message);
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : String(cause));
    }
  }

  async function upload(files: File[]) {
    if (files.length === 0) return;
    setProgress(0);
    await change(
      () => uploadImages(id, files, setProgress),
      t('bo.images.uploaded', { count: files.length }),
    );
    setProgress(undefined);
  }

  const images = query.data ?? [];
  const reorder = (from: number, to: number) =>
    void change(() =>
      reorderImages(
        id,
        moved(images, from, to).map((image) => image.id),
      ),
    );

  async function remove(image: ProductImage, index: number) {
    if (!(await confirmDeletion(t('bo.images.imageN', { n: index + 1 })))) return;
    await change(() => deleteImage(id, image.id), t('bo.images.deleted'));
  }

  if (query.isError)
    return <RetryState title={t('bo.detail.loadError')} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <Loader aria-label={t('common.loading')} />;
  return (
    <Stack gap="md">
      <Group>
        <FileButton
          multiple
          accept="image/png,image/jpeg,image/webp"
          onChange={(files) => void upload(files)}
        >
          {(props) => (
            <Button
              {...props}
              leftSection={<IconPhotoUp size={16} aria-hidden />}
              loading={progress !== undefined}
            >
              {t('bo.images.upload')}
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed">
          {t('bo.images.hint')}
        </Text>
      </Group>
      {progress !== undefined && (
        <Progress value={progress * 100} aria-label={t('bo.images.uploading')} animated />
      )}
      {error && (
        <Alert color="red" role="alert">
          {translateMessage(error)}
        </Alert>
      )}
      {images.length === 0 ? (
        <Alert variant="light">{t('bo.images.none')}</Alert>
      ) : (
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3, xl: 4 }}
          component="ol"
          style={{ listStyle: 'none', padding: 0 }}
        >
          {images.map((image, index) => (
            <Card
              key={image.id}
              component="li"
              withBorder
              padding="xs"
              draggable
              onDragStart={() => setDragged(index)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={() => {
                if (dragged !== undefined && dragged !== index) reorder(dragged, index);
                setDragged(undefined);
              }}
              style={{ cursor: 'grab', opacity: dragged === index ? 0.5 : 1 }}
            >
              <Card.Section>
                <Image
                  src={image.thumb_url ?? image.url}
                  alt={t('bo.images.imageN', { n: index + 1 })}
                  h={140}
                  fit="contain"
                />
              </Card.Section>
              <Group justify="space-between" mt="xs" gap={4}>
                {image.is_cover ? (
                  <Badge color="yellow" leftSection={<IconStar size={12} aria-hidden />}>
                    {t('bo.images.cover')}
                  </Badge>
                ) : (
                  <Tooltip label={t('bo.images.makeCover')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`${t('bo.images.makeCover')}: ${t('bo.images.imageN', { n: index + 1 })}`}
                      onClick={() => void change(() => setCover(id, image.id), t('bo.images.coverSet'))}
                    >
                      <IconStar size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                )}
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    disabled={index === 0}
                    aria-label={`${t('bo.images.moveUp')}: ${t('bo.images.imageN', { n: index + 1 })}`}
                    onClick={() => reorder(index, index - 1)}
                  >
                    <IconArrowUp size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    disabled={index === images.length - 1}
                    aria-label={`${t('bo.images.moveDown')}: ${t('bo.images.imageN', { n: index + 1 })}`}
                    onClick={() => reorder(index, index + 1)}
                  >
                    <IconArrowDown size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`${t('bo.delete')}: ${t('bo.images.imageN', { n: index + 1 })}`}
                    onClick={() => void remove(image, index)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
