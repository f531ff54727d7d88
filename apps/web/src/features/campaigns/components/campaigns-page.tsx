import { Button, EmptyState, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { CATEGORY_CODES } from '@shop/domain';
import { IconSpeakerphone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CampaignCard } from '../../../components/campaign-card';
import { RetryState } from '../../../components/retry-state';
import { usePageTitle } from '../../../hooks/use-page-title';
import { categoryLabel, isCategoryCode } from '../../../lib/category-labels';
import { useCampaigns } from '../api/get-campaigns';
import { CampaignProducts } from './campaign-products';

function positiveInt(value: string | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

/**
 * /campaigns?category= and /new-campaign (SPEC §2): the campaigns as cards; `campaign=<id>` shows one
 * campaign's products at campaign prices, paginated with `page`.
 */
export function CampaignsPage({ recent = false }: { recent?: boolean }) {
  const [params] = useSearchParams();
  const rawCategory = params.get('category');
  const category = isCategoryCode(rawCategory) ? rawCategory : undefined;
  const campaignId = positiveInt(params.get('campaign'));
  const page = positiveInt(params.get('page')) ?? 1;
  const base = recent ? '/new-campaign' : '/campaigns';

  if (campaignId !== null) {
    return (
      <CampaignProducts
        id={campaignId}
        page={page}
        backTo={category ? `${base}?category=${category}` : base}
      />
    );
  }
  return <CampaignList recent={recent} category={category} base={base} />;
}

function CampaignList({ recent, category, base }: { recent: boolean; category?: string; base: string }) {
  const { t } = useTranslation();
  const campaigns = useCampaigns({ category, recent });
  const title = recent ? t('titles.newCampaign') : t('titles.campaigns');
  const heading = category ? `${title} · ${categoryLabel(t, category)}` : title;
  usePageTitle(heading);

  let body: ReactNode;
  if (campaigns.isPending) {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height={170} radius="md" />
        ))}
      </SimpleGrid>
    );
  } else if (campaigns.isError) {
    body = <RetryState title={t('campaigns.loadError')} onRetry={() => void campaigns.refetch()} />;
  } else if (campaigns.data.length === 0) {
    body = (
      <EmptyState
        variant="light"
        icon={<IconSpeakerphone aria-hidden />}
        title={t('campaigns.empty')}
        description={t('campaigns.emptyDescription')}
        py="xl"
      />
    );
  } else {
    const ordered = [...campaigns.data].sort((a, b) => Number(b.is_featured) - Number(a.is_featured));
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="campaign-list">
        {ordered.map((campaign) => (
          <CampaignCard key={campaign.id} campaign={campaign} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{heading}</Title>
        <Text c="dimmed" mt={4}>
          {recent ? t('campaigns.newLead') : t('campaigns.lead')}
        </Text>
      </div>
      {!recent && (
        <Group gap={6} role="group" aria-label={t('campaigns.categoryFilter')}>
          <Button
            component={Link}
            to={base}
            size="compact-sm"
            radius="xl"
            variant={category ? 'default' : 'filled'}
            aria-current={category ? undefined : 'page'}
          >
            {t('campaigns.allCategories')}
          </Button>
          {CATEGORY_CODES.map((code) => (
            <Button
              key={code}
              component={Link}
              to={`${base}?category=${code}`}
              size="compact-sm"
              radius="xl"
              variant={category === code ? 'filled' : 'default'}
              aria-current={category === code ? 'page' : undefined}
            >
              {t(`categories.${code}`)}
            </Button>
          ))}
        </Group>
      )}
      {body}
    </Stack>
  );
}

/** /new-campaign: the campaigns that started recently. */
export function NewCampaignsPage() {
  return <CampaignsPage recent />;
}
