import { Anchor, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useShop } from '../../../api/get-shop';
import { SocialLinks } from '../../../components/social-links';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </div>
  );
}

/** The shop's name, address, contacts, VAT id and social profiles. */
export function ShopDetails() {
  const { t } = useTranslation();
  const { data: shop, isPending, isError } = useShop();
  return (
    <Paper withBorder p="lg">
      <Title order={2} fz="h3" mb="md">
        {t('about.details')}
      </Title>
      {isPending && (
        <Stack gap="sm" aria-busy="true">
          <Skeleton h={18} w="60%" />
          <Skeleton h={18} w="80%" />
          <Skeleton h={18} w="50%" />
        </Stack>
      )}
      {isError && <Text c="dimmed">{t('about.unavailable')}</Text>}
      {shop && (
        <Stack gap="md">
          <Detail label={t('about.company')}>{shop.name}</Detail>
          <Detail label={t('about.address')}>{shop.address}</Detail>
          <Detail label={t('about.email')}>
            <Anchor href={`mailto:${shop.email}`}>{shop.email}</Anchor>
          </Detail>
          <Detail label={t('about.phone')}>
            <Anchor href={`tel:${shop.phone.replace(/\s+/g, '')}`}>{shop.phone}</Anchor>
          </Detail>
          <Detail label={t('about.vatId')}>{shop.vat_id}</Detail>
          <SocialLinks links={shop.social_links} />
        </Stack>
      )}
    </Paper>
  );
}
