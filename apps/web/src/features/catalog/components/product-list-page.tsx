import {
  Anchor,
  Box,
  Button,
  Drawer,
  EmptyState,
  Grid,
  Group,
  NativeSelect,
  Pagination,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconSearchOff } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProductCategories } from '../../../api/get-product-categories';
import { ProductGrid, ProductGridSkeleton } from '../../../components/product/product-grid';
import { RetryState } from '../../../components/retry-state';
import { useLanguage } from '../../../hooks/use-language';
import { usePageTitle } from '../../../hooks/use-page-title';
import { categoryLabel, subcategoryLabel } from '../../../lib/category-labels';
import { useProducts } from '../api/get-products';
import { useListState } from '../hooks/use-list-state';
import {
  activeFilters,
  PER_PAGE_OPTIONS,
  resetFilters,
  serializeListQuery,
  updateList,
} from '../utils/list-query';
import { ActiveFilters } from './active-filters';
import classes from './catalog.module.css';
import { FacetSidebar } from './facet-sidebar';
import { SearchBox } from './search-box';
import { SortSelect } from './sort-select';

/** Beside the facets, three cards a row on wide screens. */
// two cards a row from the smallest phones up (issue 22: one card a screen at 390 px)
const LIST_COLUMNS = { base: 2, md: 2, lg: 3, xl: 3 } as const;

/** The API counts exactly and pages within the first 10,000 products; deeper ones need more filters. */
const MAX_LISTED = 10_000;

/**
 * /products (SPEC §2): search box, facets, active filters, sort, results and pagination, all held in
 * the URL's query so a list can be shared and reloaded, and back/forward walk through it.
 */
export function ProductListPage() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const [state, update] = useListState();
  const products = useProducts(state);
  const { data: categories } = useProductCategories();
  const [filtersOpened, filtersDrawer] = useDisclosure(false);
  const perPageId = useId();

  const category = state.category ? categoryLabel(t, state.category) : null;
  const subcategory = state.subcategory
    ? subcategoryLabel(
        t,
        state.subcategory,
        categories?.flatMap((c) => c.subcategories).find((s) => s.code === state.subcategory)?.description,
      )
    : null;
  const heading = state.q
    ? t('catalog.searchTitle', { q: state.q })
    : [category, subcategory].filter(Boolean).join(' · ') || t('catalog.title');
  usePageTitle(heading);

  const page = products.data;
  const total = page?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(Math.min(total, MAX_LISTED) / state.per_page));
  const number = new Intl.NumberFormat(lng === 'it' ? 'it-IT' : 'en-GB');
  const count = page
    ? page.meta.total_is_estimate
      ? t('catalog.resultsEstimate', { total: number.format(total) })
      : t('catalog.results', { count: total, total: number.format(total) })
    : '';
  const filterCount = activeFilters(state).length;

  const sidebar = <FacetSidebar state={state} update={update} />;

  let results: ReactNode;
  if (!page && products.isError) {
    results = (
      <RetryState
        title={t('catalog.error.title')}
        description={t('catalog.error.description')}
        onRetry={() => void products.refetch()}
      />
    );
  } else if (!page) {
    results = <ProductGridSkeleton count={6} cols={LIST_COLUMNS} />;
  } else if (page.data.length === 0) {
    results = (
      <EmptyState
        variant="light"
        icon={<IconSearchOff aria-hidden />}
        title={t('catalog.empty.title')}
        description={t('catalog.empty.description')}
        py="xl"
        data-testid="empty-results"
      >
        <Button mt="sm" onClick={() => update((current) => resetFilters(current))}>
          {t('catalog.empty.reset')}
        </Button>
      </EmptyState>
    );
  } else {
    results = (
      <Box
        className={classes.results}
        data-stale={products.isPlaceholderData || undefined}
        aria-busy={products.isFetching}
      >
        <ProductGrid products={page.data} cols={LIST_COLUMNS} />
      </Box>
    );
  }

  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {heading}
      </Title>

      <SearchBox state={state} update={update} />

      <Group className={classes.toolbar} justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm">
          <Button
            hiddenFrom="md"
            variant="default"
            size="sm"
            leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
            onClick={filtersDrawer.open}
          >
            {filterCount > 0
              ? t('catalog.facets.openCount', { count: filterCount })
              : t('catalog.facets.open')}
          </Button>
          <Text fw={600} size="sm" aria-live="polite" data-testid="result-count">
            {count}
          </Text>
        </Group>
        <Group gap="md" wrap="wrap">
          <SortSelect state={state} update={update} />
          <Group gap={8} wrap="nowrap">
            <Text component="label" htmlFor={perPageId} size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {t('catalog.perPage')}
            </Text>
            <NativeSelect
              id={perPageId}
              size="sm"
              w={80}
              value={String(state.per_page)}
              onChange={(event) => {
                const perPage = Number(event.currentTarget.value);
                update((current) => updateList(current, { per_page: perPage }));
              }}
              data={PER_PAGE_OPTIONS.map((n) => String(n))}
            />
          </Group>
        </Group>
      </Group>

      {page?.meta.did_you_mean && state.q && (
        <DidYouMean
          q={state.q}
          corrected={page.meta.did_you_mean}
          href={`/products?${serializeListQuery(updateList(state, { q: page.meta.did_you_mean }))}`}
        />
      )}

      <ActiveFilters state={state} update={update} />

      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 3 }} visibleFrom="md">
          <Box component="aside" aria-label={t('catalog.facets.title')} className={classes.sidebar}>
            {sidebar}
          </Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap="xl">
            {results}
            {page && pages > 1 && (
              <Box component="nav" aria-label={t('catalog.pagination.label')} style={{ alignSelf: 'center' }}>
                <Pagination
                  total={pages}
                  value={Math.min(state.page, pages)}
                  onChange={(next) =>
                    update((current) => ({ ...current, page: next }), { scrollToTop: true })
                  }
                  withEdges
                  siblings={1}
                  boundaries={1}
                  getItemProps={(n) => ({ 'aria-label': t('catalog.pagination.page', { page: n }) })}
                  getControlProps={(control) => ({ 'aria-label': t(`catalog.pagination.${control}`) })}
                  data-testid="pagination"
                />
              </Box>
            )}
          </Stack>
        </Grid.Col>
      </Grid>

      <Drawer
        opened={filtersOpened}
        onClose={filtersDrawer.close}
        title={t('catalog.facets.title')}
        position="left"
        size={340}
        hiddenFrom="md"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {sidebar}
      </Drawer>
    </Stack>
  );
}

/** Issue 22: the typed words found nothing, the list shows the corrected ones' products; one click searches them. */
function DidYouMean({ q, corrected, href }: { q: string; corrected: string; href: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} data-testid="did-you-mean">
      <Text size="md">
        {t('catalog.search.didYouMean')}{' '}
        <Anchor component={Link} to={href} fw={700} data-testid="did-you-mean-link">
          {corrected}
        </Anchor>
        ?
      </Text>
      <Text size="sm" c="dimmed">
        {t('catalog.search.correctedNote', { q, corrected })}
      </Text>
    </Stack>
  );
}
