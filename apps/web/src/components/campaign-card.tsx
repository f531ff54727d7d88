import { Badge, Card, Group, Text } from '@mantine/core';
import type { Campaign } from '@shop/domain';
import { IconCalendarEvent, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../hooks/use-language';
import { categoryLabel } from '../lib/category-labels';
import { formatDate } from '../lib/format';
import { lightBadgeText } from './badge-text';
import classes from './campaign-card.module.css';

/** /campaigns showing one campaign's products, keeping its category. */
export function campaignPath(campaign: Pick<Campaign, 'id' | 'category'>): string {
  const params = new URLSearchParams();
  if (campaign.category) params.set('category', campaign.category);
  params.set('campaign', String(campaign.id));
  return `/campaigns?${params}`;
}

/** A campaign: title, description, dates, category; opens its products. */
export function CampaignCard({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <Card
      withBorder
      padding="lg"
      className={classes.card}
      data-featured={campaign.is_featured || undefined}
      data-testid="campaign-card"
      component="article"
    >
      <Group gap={6} mb="xs">
        {campaign.category && (
          <Badge variant="light" size="sm" radius="sm" style={lightBadgeText('indigo')}>
            {categoryLabel(t, campaign.category)}
          </Badge>
        )}
        {campaign.is_featured && (
          <Badge
            variant="filled"
            color="yellow.4"
            size="sm"
            radius="sm"
            leftSection={<IconStarFilled size={10} aria-hidden />}
          >
            {t('campaigns.featured')}
          </Badge>
        )}
      </Group>
      <Text component="h3" fw={650} size="lg" m={0} lh={1.3}>
        <Link to={campaignPath(campaign)} className={classes.link}>
          {campaign.title}
        </Link>
      </Text>
      {campaign.description && (
        <Text size="sm" c="dimmed" mt={6} lineClamp={3}>
          {campaign.description}
        </Text>
      )}
      <Group gap={6} mt="md" c="dimmed" className={classes.dates}>
        <IconCalendarEvent size={16} aria-hidden />
        <Text size="sm">
          {t('campaigns.dates', {
            start: formatDate(campaign.start_date, lng),
            end: formatDate(campaign.end_date, lng),
          })}
        </Text>
      </Group>
    </Card>
  );
}
