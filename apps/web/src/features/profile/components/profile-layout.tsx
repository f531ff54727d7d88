import { Grid, NavLink, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { PROFILE_NAV } from './profile-nav';

function isActive(pathname: string, path: string): boolean {
  const target = path ? `/profile/${path}` : '/profile';
  if (!path) return pathname === target || pathname === `${target}/`;
  return pathname === target || pathname.startsWith(`${target}/`);
}

/** /profile: the customer's area, a menu of its pages beside the page itself. */
export function ProfileLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Paper withBorder p="xs" component="nav" aria-label={t('profile.navLabel')}>
          {PROFILE_NAV.map(({ path, labelKey }) => {
            const to = path ? `/profile/${path}` : '/profile';
            const active = isActive(pathname, path);
            return (
              <NavLink
                key={to}
                component={Link}
                to={to}
                label={t(labelKey)}
                active={active}
                aria-current={active ? 'page' : undefined}
                variant="light"
              />
            );
          })}
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Outlet />
      </Grid.Col>
    </Grid>
  );
}
