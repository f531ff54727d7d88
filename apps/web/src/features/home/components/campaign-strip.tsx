import { Anchor, Group, SimpleGrid, Title } from '@mantine/core';
import type { Campaign } from '@shop/domain';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CampaignCard } from '../../../components/campaign-card';

/** Campaigns flagged in_home, the featured ones first. */
export function CampaignStrip({ campaigns }: { campaigns: Campaign[] }) {
  const { t } = useTranslation();
  if (campaigns.length === 0) return null;
  const ordered = [...campaigns].sort((a, b) => Number(b.is_featured) - Number(a.is_featured)).slice(0, 6);
  return (
    <section aria-labelledby="home-campaigns" data-testid="home-campaigns">
      <Group justify="space-between" align="baseline" mb="md">
        <Title order={2} id="home-campaigns">
          {t('home.campaigns.title')}
        </Title>
        <Anchor component={Link} to="/campaigns" size="sm" fw={600}>
          <Group gap={4} component="span">
            {t('home.campaigns.all')}
            <IconArrowRight size={14} aria-hidden />
          </Group>
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {ordered.map((campaign) => (
          <CampaignCard key={campaign.id} campaign={campaign} />
        ))}
      </SimpleGrid>
    </section>
  );
}
