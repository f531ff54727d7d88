import {
  Alert,
  Button,
  Group,
  Loader,
  MultiSelect,
  Pagination,
  Pill,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { ImportResourceName } from '@shop/domain';
import { IconDownload, IconPlus, IconSearch, IconUpload } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RetryState } from '../../../components/retry-state';
import { usePageTitle } from '../../../hooks/use-page-title';
import type { TranslationKey } from '../../../i18n/keys';
import { ImportDialog } from '../jobs/components/import-dialog';
import { DateField } from './date-field';
import { exportUrl } from './export-url';
import { ListTable } from './list-table';
import { DEFAULT_PER_PAGE, type Page } from './local-page';
import { type ListParams, useListParams } from './use-list-params';

export interface ListColumn<Row> {
  key: string;
  labelKey: TranslationKey;
  render?: (row: Row) => ReactNode;
  /** The `sort` value this column sorts by, when it can. */
  sort?: string;
  align?: 'left' | 'right' | 'center';
  /**
   * Shown from this breakpoint up: below it the column is left out, so the table fits beside the
   * sidebar without scrolling sideways from 1366 px up (issue 22; `xxl` is 1600 px, theme.ts). For
   * columns the record's page shows anyway.
   */
  visibleFrom?: 'md' | 'lg' | 'xl' | 'xxl';
}

export type ListFilter =
  | {
      kind: 'select';
      key: string;
      labelKey: TranslationKey;
      useOptions: (params: ListParams) => { value: string; label: string }[];
      /** Several values at once, sent comma-separated (`status=registered,confirmed`). */
      multiple?: boolean;
    }
  /** Several yes/no flags in one picker: each chosen flag is sent as `flag=1`. */
  | { kind: 'flags'; labelKey: TranslationKey; flags: { key: string; labelKey: TranslationKey }[] }
  /** A date typed in the language's format, sent as YYYY-MM-DD. */
  | { kind: 'date'; key: string; labelKey: TranslationKey };

export interface ListPageConfig<Row> {
  titleKey: TranslationKey;
  queryKey: readonly unknown[];
  fetch: (params: ListParams, signal: AbortSignal) => Promise<Page<Row>>;
  columns: ListColumn<Row>[];
  rowKey: (row: Row) => string | number;
  rowLink: (row: Row) => string;
  /** The column whose cell is the row's link (keyboard users tab to it). */
  linkColumn: string;
  /** The link is a name that may wrap; by default it is a code kept on one line (SKU, order number). */
  linkWraps?: boolean;
  filters?: ListFilter[];
  searchPlaceholderKey?: TranslationKey;
  createLink?: string;
  /** The create button's label when it is not 'New'. */
  createLabelKey?: TranslationKey;
  /** The Excel import/export resource of this list (GET /api/exports/{resource} with the list's filters). */
  importResource?: ImportResourceName;
  /**
   * An export of the filtered list by the list's own route (the warehouse transactions; the customers,
   * whose export has the list's columns); with `importResource` it takes the place of the generic one.
   */
  exportHref?: (params: ListParams) => string;
  /** Buttons of the list's own beside the others (the e-invoices' .zip export and sending). */
  actions?: (params: ListParams) => ReactNode;
  defaults?: ListParams;
}

function FilterControl({
  filter,
  params,
  update,
}: {
  filter: ListFilter;
  params: ListParams;
  update: (c: Record<string, string | undefined>) => void;
}) {
  const { t } = useTranslation();
  if (filter.kind === 'flags') {
    const chosen = filter.flags.filter((f) => params[f.key] === '1').map((f) => f.key);
    return (
      <MultiSelect
        label={t(filter.labelKey)}
        data={filter.flags.map((f) => ({ value: f.key, label: t(f.labelKey) }))}
        value={chosen}
        clearable
        miw={220}
        onChange={(keys) =>
          update(Object.fromEntries(filter.flags.map((f) => [f.key, keys.includes(f.key) ? '1' : undefined])))
        }
      />
    );
  }
  if (filter.kind === 'date')
    return (
      <DateField
        label={t(filter.labelKey)}
        value={params[filter.key] ?? null}
        onChange={(iso) => update({ [filter.key]: iso ?? undefined })}
      />
    );
  return <SelectFilter filter={filter} params={params} update={update} />;
}

/** Pills a multiple choice shows before it sums the rest up as '+N'. */
const MAX_PILLS = 3;

function SelectFilter({
  filter,
  params,
  update,
}: {
  filter: Extract<ListFilter, { kind: 'select' }>;
  params: ListParams;
  update: (c: Record<string, string | undefined>) => void;
}) {
  const { t } = useTranslation();
  const options = filter.useOptions(params);
  if (filter.multiple) {
    const values = params[filter.key]?.split(',').filter(Boolean) ?? [];
    return (
      <MultiSelect
        label={t(filter.labelKey)}
        data={options}
        value={values}
        searchable
        clearable
        miw={180}
        maw={420}
        // A long choice (a dashboard link's statuses) shows its first two and '+N', not a wall of pills.
        renderPill={({ value, option, onRemove }) => {
          const index = value === undefined ? -1 : values.indexOf(value);
          if (values.length <= MAX_PILLS || index < MAX_PILLS - 1)
            return (
              <Pill withRemoveButton onRemove={onRemove}>
                {option.label}
              </Pill>
            );
          return index === MAX_PILLS - 1 ? <Pill>+{values.length - MAX_PILLS + 1}</Pill> : null;
        }}
        onChange={(chosen) => update({ [filter.key]: chosen.join(',') || undefined })}
      />
    );
  }
  return (
    <Select
      label={t(filter.labelKey)}
      data={options}
      value={params[filter.key] ?? null}
      searchable
      clearable
      miw={180}
      onChange={(value) => update({ [filter.key]: value ?? undefined })}
    />
  );
}

/**
 * The back office's list scaffold (STYLE.md): a title, create/import/export actions, a search box and
 * filters, a sortable table whose rows link to their record, and pages; all of its state is in the URL
 * and the fetch is the server's (or `localPage` for the short lists answered whole).
 */
export function ListPage<Row>({ config }: { config: ListPageConfig<Row> }) {
  const { t } = useTranslation();
  usePageTitle(t(config.titleKey));
  const queryClient = useQueryClient();
  const { params, update } = useListParams(config.defaults);
  const [search, setSearch] = useState(params.q ?? '');
  const [importOpen, setImportOpen] = useState(false);
  const debouncedSearch = useDebouncedCallback((value: string) => update({ q: value.trim() }), 300);
  const query = useQuery({
    queryKey: [...config.queryKey, params],
    queryFn: ({ signal }) => config.fetch(params, signal),
    placeholderData: keepPreviousData,
  });
  const meta = query.data?.meta;
  const perPage = meta?.per_page ?? DEFAULT_PER_PAGE;
  const pages = meta ? Math.max(1, Math.ceil(meta.total / perPage)) : 1;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{t(config.titleKey)}</Title>
        <Group gap="xs">
          {config.importResource && (
            <>
              <Button
                variant="default"
                leftSection={<IconUpload size={16} aria-hidden />}
                onClick={() => setImportOpen(true)}
              >
                {t('bo.list.import')}
              </Button>
              <Button
                component="a"
                href={config.exportHref?.(params) ?? exportUrl(config.importResource, params)}
                download
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
              >
                {t('bo.list.export')}
              </Button>
            </>
          )}
          {config.exportHref && !config.importResource && (
            <Button
              component="a"
              href={config.exportHref(params)}
              download
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              {t('bo.list.export')}
            </Button>
          )}
          {config.actions?.(params)}
          {config.createLink && (
            <Button component={Link} to={config.createLink} leftSection={<IconPlus size={16} aria-hidden />}>
              {t(config.createLabelKey ?? 'bo.list.create')}
            </Button>
          )}
        </Group>
      </Group>
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t('bo.list.search')}
          placeholder={config.searchPlaceholderKey ? t(config.searchPlaceholderKey) : undefined}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            debouncedSearch(event.currentTarget.value);
          }}
          type="search"
          miw={280}
        />
        {config.filters?.map((filter) => (
          <FilterControl key={filter.labelKey} filter={filter} params={params} update={update} />
        ))}
        {query.isFetching && <Loader size="sm" aria-label={t('common.loading')} />}
      </Group>
      {query.isError ? (
        <RetryState title={t('bo.list.loadError')} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t('common.loading')} />
        </Group>
      ) : query.data.data.length === 0 ? (
        <Alert variant="light" title={t('bo.list.empty')}>
          {params.q ? t('bo.list.emptySearch', { q: params.q }) : t('bo.list.emptyHint')}
        </Alert>
      ) : (
        <ListTable config={config} rows={query.data.data} params={params} update={update} />
      )}
      {meta && meta.total > 0 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed" aria-live="polite">
            {t(meta.total_is_estimate ? 'bo.list.totalEstimate' : 'bo.list.total', { count: meta.total })}
          </Text>
          <Pagination
            total={pages}
            value={meta.page}
            onChange={(page) => update({ page: String(page) })}
            getControlProps={(control) => ({ 'aria-label': t(`bo.list.page_${control}`) })}
            getItemProps={(page) => ({ 'aria-label': t('bo.list.pageN', { page }) })}
          />
        </Group>
      )}
      {config.importResource && (
        <ImportDialog
          resource={config.importResource}
          opened={importOpen}
          onClose={() => setImportOpen(false)}
          onImported={() => void queryClient.invalidateQueries({ queryKey: config.queryKey })}
        />
      )}
    </Stack>
  );
}
