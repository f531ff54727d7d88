import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  NumberInput,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type AdminCampaign, type CampaignRow, CampaignRowsInputSchema } from '@shop/domain';
import { IconDownload, IconPlus, IconSearch, IconTrash, IconUpload } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryState } from '../../../../components/retry-state';
import { useLanguage } from '../../../../hooks/use-language';
import { translateMessage } from '../../../../i18n/translate-message';
import { ApiError } from '../../../../lib/api-client';
import { formatMoney } from '../../../../lib/format';
import { ImportDialog } from '../../jobs/components/import-dialog';
import { exportUrl } from '../../scaffold/export-url';
import { confirmDeletion, notifySaved } from '../../scaffold/notify';
import { addCampaignRows, campaignKeys, deleteCampaignRow, listCampaignRows } from '../api/campaigns';

const PER_PAGE = 25;
type Field = 'sku' | 'price';
type Errors = Partial<Record<Field, string>>;

/** The field a `rows.0.sku` error (the schema's or the server's) belongs to. */
const fieldOf = (path: string): Field | undefined =>
  path.endsWith('sku') || path.endsWith('product_id') ? 'sku' : path.endsWith('price') ? 'price' : undefined;

/** Adds one product by SKU at a campaign price in euros; an existing product's price is replaced. */
function AddRowForm({ campaignId, onAdded }: { campaignId: number; onAdded: () => void }) {
  const { t } = useTranslation();
  const [sku, setSku] = useState('');
  const [price, setPrice] = useState<number | ''>('');
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { rows: [{ sku: sku.trim(), price: price === '' ? 0 : Math.round(price * 100) }] };
    const parsed = CampaignRowsInputSchema.safeParse(body);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = fieldOf(issue.path.join('.'));
        if (field) found[field] ??= translateMessage(issue.message);
      }
      setErrors(found);
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      const written = await addCampaignRows(campaignId, body);
      notifySaved(
        t(written.updated > 0 ? 'bo.campaigns.rowUpdated' : 'bo.campaigns.rowAdded', {
          sku: body.rows[0]!.sku,
        }),
      );
      setSku('');
      setPrice('');
      onAdded();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        const found: Errors = {};
        for (const [key, list] of Object.entries(error.errors)) {
          const field = fieldOf(key);
          if (field && list[0]) found[field] ??= translateMessage(list[0]);
        }
        setErrors(Object.keys(found).length > 0 ? found : { sku: translateMessage(error.message) });
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Group align="flex-start" gap="sm">
        <TextInput
          label={t('bo.fields.sku')}
          value={sku}
          onChange={(event) => setSku(event.currentTarget.value)}
          error={errors.sku}
          withAsterisk
          miw={220}
        />
        <NumberInput
          label={t('bo.campaigns.campaignPrice')}
          value={price}
          onChange={(value) => setPrice(value === '' ? '' : Number(value))}
          error={errors.price}
          decimalScale={2}
          fixedDecimalScale
          decimalSeparator={t('bo.form.decimalSeparator')}
          prefix="€ "
          allowNegative={false}
          hideControls
          withAsterisk
          miw={160}
        />
        <Button type="submit" loading={saving} mt={25} leftSection={<IconPlus size={16} aria-hidden />}>
          {t('bo.campaigns.addRow')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        {t('bo.campaigns.addHint')}
      </Text>
    </form>
  );
}

/**
 * The rows tab of a campaign (SPEC §3 Campaign 'price list rows'): its products with list and campaign
 * prices, adding one by SKU, removing one after a confirmation, and the Excel import and export of the
 * campaign-rows resource filtered to this campaign.
 */
export function CampaignRowsTab({ campaign }: { campaign: AdminCampaign }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [importOpen, setImportOpen] = useState(false);
  const key = campaignKeys.rows(campaign.id);
  const params = { page: String(page), per_page: String(PER_PAGE), ...(q ? { q } : {}) };
  const query = useQuery({
    queryKey: [...key, params],
    queryFn: ({ signal }) => listCampaignRows(campaign.id, params, signal),
    placeholderData: keepPreviousData,
  });
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: campaignKeys.list });
    void queryClient.invalidateQueries({ queryKey: campaignKeys.detail(String(campaign.id)) });
  };

  async function remove(row: CampaignRow) {
    if (!(await confirmDeletion(t('bo.campaigns.rowWhat', { sku: row.sku, title: row.description })))) return;
    await deleteCampaignRow(row.id);
    notifySaved(t('bo.campaigns.rowRemoved', { sku: row.sku }));
    changed();
  }

  const meta = query.data?.meta;
  return (
    <Stack gap="lg">
      <AddRowForm campaignId={campaign.id} onAdded={changed} />
      <Group justify="space-between" align="flex-end">
        <TextInput
          label={t('bo.list.search')}
          placeholder={t('bo.campaigns.rowsSearchPlaceholder')}
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
            href={exportUrl('campaign-rows', { campaign_id: String(campaign.id) })}
            download
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            {t('bo.list.export')}
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {t('bo.campaigns.importHint', { id: campaign.id })}
      </Text>
      {query.isError ? (
        <RetryState title={t('bo.list.loadError')} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t('common.loading')} />
        </Group>
      ) : query.data.data.length === 0 ? (
        <Alert variant="light" title={t('bo.campaigns.noRows')}>
          {q ? t('bo.list.emptySearch', { q }) : t('bo.campaigns.noRowsHint')}
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('bo.fields.sku')}</Table.Th>
                <Table.Th>{t('bo.fields.title')}</Table.Th>
                <Table.Th ta="right">{t('bo.campaigns.listPrice')}</Table.Th>
                <Table.Th ta="right">{t('bo.campaigns.campaignPrice')}</Table.Th>
                <Table.Th>{t('bo.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.data.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td fw={600}>{row.sku}</Table.Td>
                  <Table.Td>{row.description}</Table.Td>
                  <Table.Td ta="right">{formatMoney(row.list_price, lng)}</Table.Td>
                  <Table.Td ta="right" fw={700}>
                    {formatMoney(row.price, lng)}
                  </Table.Td>
                  <Table.Td>
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
        resource="campaign-rows"
        opened={importOpen}
        onClose={() => setImportOpen(false)}
        onImported={changed}
      />
    </Stack>
  );
}
