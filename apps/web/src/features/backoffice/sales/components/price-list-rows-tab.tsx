import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { PriceList, PriceListRow } from '@shop/domain';
import { IconDownload, IconPencil, IconSearch, IconTrash, IconUpload } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryState } from '../../../../components/retry-state';
import { useLanguage } from '../../../../hooks/use-language';
import { formatMoney } from '../../../../lib/format';
import { ImportDialog } from '../../jobs/components/import-dialog';
import { exportUrl } from '../../scaffold/export-url';
import { confirmDeletion, notifySaved } from '../../scaffold/notify';
import { deletePriceListRow, listPriceListRows, priceListKeys } from '../api/price-lists';
import { PriceListRowForm } from './price-list-row-form';

const PER_PAGE = 25;

/**
 * The rows tab of a price list (issue 20 point 4): its products with list and net prices from a
 * minimum quantity, adding or changing one by SKU, removing one after a confirmation, and the Excel
 * import and export of the price-list-rows resource filtered to this list.
 */
export function PriceListRowsTab({ list }: { list: PriceList }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<PriceListRow>();
  const [importOpen, setImportOpen] = useState(false);
  const key = priceListKeys.rows(list.id);
  const params = { page: String(page), per_page: String(PER_PAGE), ...(q ? { q } : {}) };
  const query = useQuery({
    queryKey: [...key, params],
    queryFn: ({ signal }) => listPriceListRows(list.id, params, signal),
    placeholderData: keepPreviousData,
  });
  const changed = () => {
    setEditing(undefined);
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: priceListKeys.list });
    void queryClient.invalidateQueries({ queryKey: priceListKeys.detail(String(list.id)) });
  };

  async function remove(row: PriceListRow) {
    const what = t('bo.priceLists.rowWhat', { sku: row.sku, title: row.description, from: row.min_quantity });
    if (!(await confirmDeletion(what))) return;
    await deletePriceListRow(row.id);
    notifySaved(t('bo.priceLists.rowRemoved', { sku: row.sku }));
    changed();
  }

  const meta = query.data?.meta;
  return (
    <Stack gap="lg">
      <PriceListRowForm
        // a new form for each row edited, filled with its values
        key={editing?.id ?? 'new'}
        listId={list.id}
        editing={editing}
        onSaved={changed}
        onCancel={() => setEditing(undefined)}
      />
      <Group justify="space-between" align="flex-end">
        <TextInput
          label={t('bo.list.search')}
          placeholder={t('bo.priceLists.rowsSearchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          miw={280}
        />
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconUpload size={16} aria-hidden />}
            onClick={() => setImportOpen(true)}
          >
            {t('bo.list.import')}
          </Button>
          <Button
            component="a"
            href={exportUrl('price-list-rows', { price_list_id: String(list.id) })}
            download
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            {t('bo.list.export')}
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {t('bo.priceLists.importHint', { name: list.name })}
      </Text>
      {query.isError ? (
        <RetryState title={t('bo.list.loadError')} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t('common.loading')} />
        </Group>
      ) : query.data.data.length === 0 ? (
        <Alert variant="light" title={t('bo.priceLists.noRows')}>
          {q ? t('bo.list.emptySearch', { q }) : t('bo.priceLists.noRowsHint')}
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('bo.fields.sku')}</Table.Th>
                <Table.Th>{t('bo.fields.title')}</Table.Th>
                <Table.Th ta="right">{t('bo.priceLists.minQuantity')}</Table.Th>
                <Table.Th ta="right">{t('bo.priceLists.listPrice')}</Table.Th>
                <Table.Th ta="right">{t('bo.priceLists.netPrice')}</Table.Th>
                <Table.Th>{t('bo.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.data.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td fw={600}>{row.sku}</Table.Td>
                  <Table.Td>{row.description}</Table.Td>
                  <Table.Td ta="right">{row.min_quantity}</Table.Td>
                  <Table.Td ta="right">{formatMoney(row.list_price, lng)}</Table.Td>
                  <Table.Td ta="right" fw={700}>
                    {formatMoney(row.price, lng)}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label={t('bo.edit')}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={`${t('bo.edit')} ${row.sku}`}
                          onClick={() => setEditing(row)}
                        >
                          <IconPencil size={16} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('bo.delete')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`${t('bo.delete')} ${row.sku}`}
                          onClick={() => void remove(row)}
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {meta && meta.total > 0 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('bo.list.total', { count: meta.total })}
          </Text>
          <Pagination
            total={Math.max(1, Math.ceil(meta.total / PER_PAGE))}
            value={meta.page}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': t(`bo.list.page_${control}`) })}
            getItemProps={(n) => ({ 'aria-label': t('bo.list.pageN', { page: n }) })}
          />
        </Group>
      )}
      <ImportDialog
        resource="price-list-rows"
        opened={importOpen}
        onClose={() => setImportOpen(false)}
        onImported={changed}
      />
    </Stack>
  );
}
