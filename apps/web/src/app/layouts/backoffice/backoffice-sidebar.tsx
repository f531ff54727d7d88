import { NavLink, Text } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { BACKOFFICE_NAV } from './backoffice-nav';

function isActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** The back-office sidebar; `onNavigate` closes it on mobile. */
export function BackofficeSidebar({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <nav aria-label={t('backoffice.navLabel')}>
      <NavLink
        component={Link}
        to="/backoffice"
        label={t('bo.pages.dashboard')}
        leftSection={<IconLayoutDashboard size={18} stroke={1.6} aria-hidden />}
        active={pathname === '/backoffice'}
        aria-current={pathname === '/backoffice' ? 'page' : undefined}
        onClick={onNavigate}
        mt="md"
      />
      {BACKOFFICE_NAV.map((group) => (
        <div key={group.labelKey}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mt="md" mb={4}>
            {t(group.labelKey)}
          </Text>
          {group.items.map(({ path, labelKey, icon: Icon }) => {
            const to = `/backoffice/${path}`;
            const active = isActive(pathname, to);
            return (
              <NavLink
                key={path}
                component={Link}
                to={to}
                label={t(labelKey)}
                leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
                active={active}
                aria-current={active ? 'page' : undefined}
                onClick={onNavigate}
              />
            );
          })}
        </div>
      ))}
    </nav>
  );
}
