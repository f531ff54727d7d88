import { Alert, Grid, NativeSelect, NavLink, Paper } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useCurrentUser } from '../../../api/get-current-user';
import { userCan } from '../../../hooks/use-can';
import { PROFILE_NAV } from './profile-nav';

function isActive(pathname: string, path: string): boolean {
  const target = path ? `/profile/${path}` : '/profile';
  if (!path) return pathname === target || pathname === `${target}/`;
  return pathname === target || pathname.startsWith(`${target}/`);
}

const pathOf = (path: string) => (path ? `/profile/${path}` : '/profile');

/**
 * /profile: the customer's area, a menu of its pages beside the page itself; on a phone the menu is a
 * select above the page, so the page is not pushed below ten links.
 */
export function ProfileLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const user = useCurrentUser().data;
  const nav = PROFILE_NAV.filter(({ ability }) => !ability || userCan(user, ability));
  const current = nav.find(({ path }) => isActive(pathname, path));
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <NativeSelect
          hiddenFrom="md"
          label={t('profile.navLabel')}
          value={pathOf(current?.path ?? '')}
          onChange={(event) => void navigate(event.currentTarget.value)}
          data={nav.map(({ path, labelKey }) => ({ value: pathOf(path), label: t(labelKey) }))}
        />
        <Paper visibleFrom="md" withBorder p="xs" component="nav" aria-label={t('profile.navLabel')}>
          {nav.map(({ path, labelKey }) => {
            const to = pathOf(path);
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
        {user?.customer?.awaiting_approval && (
          // Issue 22: a new company waits for the shop's approval; its orders wait with it.
          <Alert color="yellow" variant="light" icon={<IconHourglass aria-hidden />} role="status" mb="lg">
            {t('register.notice')}
          </Alert>
        )}
        <Outlet />
      </Grid.Col>
    </Grid>
  );
}
