import { Anchor, Container, Divider, Grid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../api/get-current-user';
import { useShop, useShopName } from '../../../api/get-shop';
import { SocialLinks } from '../../../components/social-links';
import classes from './storefront.module.css';

/**
 * SPEC §1: customers and visitors see the address, the company e-mail, the phone and the social links;
 * administrators only a short credit line.
 */
export function StorefrontFooter() {
  const { t } = useTranslation();
  const { data: shop } = useShop();
  const { data: user } = useCurrentUser();
  const shopName = useShopName();
  const credit = t('footer.credit', { year: new Date().getFullYear(), name: shopName });

  return (
    <footer className={classes.footer}>
      <Container py="xl">
        {!user?.is_super_admin && shop && (
          <>
            <Grid gap="xl">
              <Grid.Col span={{ base: 12, sm: 5 }}>
                <Text fw={700}>{shop.name}</Text>
                <Text size="sm" c="dimmed" mt={6} maw={360}>
                  {t('footer.tagline')}
                </Text>
                <Anchor component={Link} to="/about" size="sm" mt="sm" display="inline-block">
                  {t('nav.about')}
                </Anchor>
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <Title order={2} fz="sm" tt="uppercase" c="dimmed" mb="xs">
                  {t('footer.contacts')}
                </Title>
                <Stack gap={4}>
                  <Text size="sm" component="address" fs="normal">
                    {shop.address}
                  </Text>
                  <Anchor size="sm" href={`mailto:${shop.email}`}>
                    {shop.email}
                  </Anchor>
                  <Anchor size="sm" href={`tel:${shop.phone.replace(/\s+/g, '')}`}>
                    {shop.phone}
                  </Anchor>
                </Stack>
              </Grid.Col>
              {/* A new shop has no social links until staff add them in Settings: no empty heading. */}
              {shop.social_links.length > 0 && (
                <Grid.Col span={{ base: 12, sm: 3 }}>
                  <Title order={2} fz="sm" tt="uppercase" c="dimmed" mb="xs">
                    {t('footer.follow')}
                  </Title>
                  <SocialLinks links={shop.social_links} />
                </Grid.Col>
              )}
            </Grid>
            <Divider my="lg" />
          </>
        )}
        <Text size="xs" c="dimmed">
          {credit}
          {!user?.is_super_admin && shop?.vat_id ? ` · ${t('footer.vatId', { vatId: shop.vat_id })}` : ''}
        </Text>
      </Container>
    </footer>
  );
}
