import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShopName } from '../../../api/get-shop';
import classes from './hero.module.css';

export function Hero() {
  const { t } = useTranslation();
  const shopName = useShopName();
  return (
    <Paper className={classes.hero} p={{ base: 'xl', md: 48 }} radius="lg">
      <Text className={classes.eyebrow} size="sm" fw={600} tt="uppercase">
        {t('home.hero.eyebrow')}
      </Text>
      <Title order={1} className={classes.title}>
        {shopName}
      </Title>
      <Text className={classes.lead} size="lg" maw={620} mt="sm">
        {t('home.hero.lead')}
      </Text>
      <Group mt="xl" gap="sm">
        <Button
          component={Link}
          to="/products"
          size="md"
          rightSection={<IconArrowRight size={18} aria-hidden />}
        >
          {t('home.hero.browse')}
        </Button>
        <Button component={Link} to="/about" size="md" variant="default">
          {t('home.hero.about')}
        </Button>
      </Group>
    </Paper>
  );
}
