import { Anchor, Box, EmptyState, Group, Pagination, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCalendarEvent, IconPackage } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../../api/get-current-user';
import { NotFound } from '../../../components/not-found';
import { ProductGrid, ProductGridSkeleton } from '../../../components/product/product-grid';
import { RetryState } from '../../../components/retry-state';
import { SignInPrompt } from '../../../components/sign-in-prompt';
import { useLanguage } from '../../../hooks/use-language';
import { usePageTitle } from '../../../hooks/use-page-title';
import { ApiError } from '../../../lib/api-client';
import { categoryLabel } from '../../../lib/category-labels';
import { formatDate } from '../../../lib/format';
import { useCampaign } from '../api/get-campaign';

interface CampaignProductsProps {
  id: number;
  page: number;
  backTo: string;
}

/** One campaign: its dates and description, then its products at campaign prices (customers only). */
export function CampaignProducts({ id, page, backTo }: CampaignProductsProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { pathname, search } = useLocation();
  const [, setParams] = useSearchParams();
  const { data: user } = useCurrentUser();
  const campaign = useCampaign(id, page, user?.id ?? null);
  const data = campaign.data;
  const missing = campaign.error instanceof ApiError && campaign.error.status === 404;
  usePageTitle(data?.title ?? (missing ? t('notFound.title') : t('titles.campaigns')));

  if (missing) return <NotFound />;

  const back = (
    <Anchor component={Link} to={backTo} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        {t('campaigns.back')}
      </Group>
    </Anchor>
  );

  if (!data) {
    return (
      <Stack gap="lg">
        {back}
        {campaign.isError ? (
          <RetryState title={t('campaigns.loadError')} onRetry={() => void campaign.refetch()} />
        ) : (
          <>
            <Skeleton height={36} width="60%" />
            <ProductGridSkeleton count={4} />
          </>
        )}
      </Stack>
    );
  }

  const pages = Math.max(1, Math.ceil(data.meta.total / data.meta.per_page));
  let products: ReactNode;
  if (!user) {
    products = <SignInPrompt redirect={`${pathname}${search}`} description={t('campaigns.signIn')} />;
  } else if (data.products.length === 0) {
    products = (
      <EmptyState
        variant="light"
        icon={<IconPackage aria-hidden />}
        title={t('campaigns.noProducts')}
        py="xl"
      />
    );
  } else {
    products = (
      <Stack gap="xl">
        <Box style={{ opacity: campaign.isPlaceholderData ? 0.55 : 1 }}>
          <ProductGrid products={data.products} />
        </Box>
        {pages > 1 && (
          <Box component="nav" aria-label={t('catalog.pagination.label')} style={{ alignSelf: 'center' }}>
            <Pagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={(next) =>
                setParams((current) => {
                  const params = new URLSearchParams(current);
                  if (next === 1) params.delete('page');
                  else params.set('page', String(next));
                  return params;
                })
              }
              withEdges
              getItemProps={(n) => ({ 'aria-label': t('catalog.pagination.page', { page: n }) })}
              getControlProps={(control) => ({ 'aria-label': t(`catalog.pagination.${control}`) })}
            />
          </Box>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="lg" data-testid="campaign-detail">
      {back}
      <div>
        <Title order={1}>{data.title}</Title>
        <Group gap="md" mt="xs" c="dimmed">
          <Group gap={6}>
            <IconCalendarEvent size={16} aria-hidden />
            <Text size="sm">
              {t('campaigns.dates', {
                start: formatDate(data.start_date, lng),
                end: formatDate(data.end_date, lng),
              })}
            </Text>
          </Group>
          {data.category && <Text size="sm">{categoryLabel(t, data.category)}</Text>}
        </Group>
        {data.description && (
          <Text mt="sm" maw={760}>
            {data.description}
          </Text>
        )}
      </div>
      <Title order={2} fz="lg">
        {t('campaigns.products')}
      </Title>
      {products}
    </Stack>
  );
}
