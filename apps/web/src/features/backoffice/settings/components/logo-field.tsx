import { Button, FileButton, Group, Image, Progress, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPhotoUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../../i18n/translate-message';
import { ApiError } from '../../../../lib/api-client';
import { uploadLogo } from '../../catalogue/api/products';

/** A brand's logo: uploaded through POST /api/images/upload, the form keeps the stored path. */
export function LogoField<V extends { logo: string | null; logo_url: string }>({
  form,
}: {
  form: UseFormReturnType<V>;
}) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number>();
  const [error, setError] = useState<string>();
  const logo = form.getValues().logo;

  async function upload(file: File | null) {
    if (!file) return;
    setError(undefined);
    setProgress(0);
    try {
      const image = await uploadLogo(file, setProgress);
      form.setFieldValue('logo', image.path as never);
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : String(cause));
    } finally {
      setProgress(undefined);
    }
  }

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('bo.fields.logo')}
      </Text>
      <Group gap="sm">
        {logo && <Image src={logo} alt={t('bo.fields.logo')} h={48} w="auto" fit="contain" radius="sm" />}
        <FileButton onChange={(file) => void upload(file)} accept="image/png,image/jpeg,image/webp">
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconPhotoUp size={16} aria-hidden />}
              loading={progress !== undefined}
            >
              {t(logo ? 'bo.brands.replaceLogo' : 'bo.brands.uploadLogo')}
            </Button>
          )}
        </FileButton>
        {logo && (
          <Button variant="subtle" color="red" onClick={() => form.setFieldValue('logo', null as never)}>
            {t('bo.brands.removeLogo')}
          </Button>
        )}
      </Group>
      {progress !== undefined && <Progress value={progress * 100} aria-label={t('bo.images.uploading')} />}
      {error && (
        <Text size="sm" c="red" role="alert">
          {translateMessage(error)}
        </Text>
      )}
    </Stack>
  );
}
