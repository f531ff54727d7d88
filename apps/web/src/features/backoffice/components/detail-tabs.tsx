import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useParams, useResolvedPath } from 'react-router';
import type { TranslationKey } from '../../../i18n/keys';

export interface DetailTab {
  /** Child path under the detail route; '' is the index tab (info). */
  path: string;
  labelKey: TranslationKey;
}

interface DetailTabsProps {
  titleKey: TranslationKey;
  /** The route parameter that names the record (id, sku, orderNo). */
  param: string;
  tabs: readonly DetailTab[];
}

/**
 * A back-office record with tabs as child routes (/backoffice/products/:sku/images …), so each tab has
 * its own address; the index tab is the record's own path.
 */
/** Mantine's tab values must be non-empty: the index tab is 'index' there. */
const INDEX_TAB = 'index';

export function DetailTabs({ titleKey, param, tabs }: DetailTabsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const base = useResolvedPath('.').pathname;
  const { pathname } = useLocation();
  const current =
    pathname
      .slice(base.length)
      .replace(/^\/|\/$/g, '')
      .split('/')[0] || INDEX_TAB;
  const record = params[param] ?? '';

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t(titleKey)}</Title>
        <Text c="dimmed" ff="monospace">
          {record}
        </Text>
      </div>
      <Tabs
        value={current}
        onChange={(value) => void navigate(!value || value === INDEX_TAB ? '.' : value)}
        keepMounted={false}
      >
        <Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.path} value={tab.path || INDEX_TAB}>
              {t(tab.labelKey)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}
