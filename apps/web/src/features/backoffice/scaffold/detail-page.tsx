import { Anchor, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../../hooks/use-page-title';
import type { TranslationKey } from '../../../i18n/keys';
import { LoadFailure } from './load-failure';

export interface DetailTabConfig<T> {
  /** The tab's path under the record ('' is the record's own path, the info tab). */
  path: string;
  labelKey: TranslationKey;
  render: (record: T) => ReactNode;
}

export interface DetailPageConfig<T> {
  titleKey: TranslationKey;
  /** The route parameter that names the record (id, sku); 'new' opens the create form. */
  param: string;
  listPath: string;
  listTitleKey: TranslationKey;
  queryKey: (key: string) => QueryKey;
  fetch: (key: string, signal: AbortSignal) => Promise<T>;
  heading: (record: T) => string;
  tabs: DetailTabConfig<T>[];
  /** The create form, shown for 'new'. */
  create?: () => ReactNode;
}

/**
 * The back office's record scaffold (STYLE.md): loads the record by its id or SKU, shows its tabs as
 * child paths (/backoffice/products/{sku}/images), and 'new' as the id shows the create form.
 * Each tab's form saves on its own (./entity-form.tsx).
 */
export function DetailPage<T>({ config }: { config: DetailPageConfig<T> }) {
  const { t } = useTranslation();
  const params = useParams();
  const navigate = useNavigate();
  const key = params[config.param] ?? '';
  const isNew = key === 'new';
  const query = useQuery({
    queryKey: config.queryKey(key),
    queryFn: ({ signal }) => config.fetch(key, signal),
    enabled: !isNew,
  });
  const heading = isNew ? t('bo.detail.new') : query.data ? config.heading(query.data) : key;
  usePageTitle(`${t(config.titleKey)} ${heading}`);
  const current = config.tabs.find((tab) => tab.path === (params.tab ?? '')) ?? config.tabs[0];
  const base = `${config.listPath}/${encodeURIComponent(key)}`;

  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to={config.listPath} size="sm">
          <Group gap={4} component="span">
            <IconChevronLeft size={14} aria-hidden />
            {t(config.listTitleKey)}
          </Group>
        </Anchor>
        <Title order={1}>{t(config.titleKey)}</Title>
        <Text c="dimmed">{heading}</Text>
      </div>
      {isNew ? (
        config.create?.()
      ) : query.isError ? (
        <LoadFailure
          error={query.error}
          retryTitle={t('bo.detail.loadError')}
          onRetry={() => void query.refetch()}
          listPath={config.listPath}
        />
      ) : query.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t('common.loading')} />
        </Group>
      ) : (
        <Tabs
          value={current?.path || 'index'}
          onChange={(value) => void navigate(!value || value === 'index' ? base : `${base}/${value}`)}
          keepMounted={false}
        >
          <Tabs.List mb="lg">
            {config.tabs.map((tab) => (
              <Tabs.Tab key={tab.path} value={tab.path || 'index'}>
                {t(tab.labelKey)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {current && <Tabs.Panel value={current.path || 'index'}>{current.render(query.data)}</Tabs.Panel>}
        </Tabs>
      )}
    </Stack>
  );
}
