import { Alert, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import type { Customer, ErpCustomer } from '@shop/domain';
import { IconSearch } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../../i18n/translate-message';
import { ApiError } from '../../../../lib/api-client';
import { loadModals } from '../../../../lib/modals';
import { erpKeys } from '../../jobs/api/erp';
import { notifySaved } from '../../scaffold/notify';
import { customerKeys, linkErpCustomer, searchErpCustomers } from '../api/customers';

/** The refusal of a search or a link as the dialog says it: the server's message (none found, off, unreachable). */
function messageOf(error: unknown): string {
  return error instanceof ApiError ? translateMessage(error.message) : String(error);
}

export function customerName(c: Pick<Customer, 'company' | 'firstname' | 'lastname'>): string {
  return c.company || [c.firstname, c.lastname].filter(Boolean).join(' ');
}

/**
 * 'Link to ERP customer' (SPEC §1): search the ERP by name, VAT id or code, pick one record from the
 * results, confirm, and the customer gets its ERP code, the connected flag and a queued sync.
 */
export function ErpLinkModal({ customer, onClose }: { customer: Customer; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [query, setQuery] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const search = useMutation({ mutationFn: searchErpCustomers });
  const link = useMutation({
    mutationFn: (code: string) => linkErpCustomer(customer.id, code),
    onSuccess: (linked) => {
      void queryClient.invalidateQueries({ queryKey: customerKeys.detail(String(customer.id)) });
      void queryClient.invalidateQueries({ queryKey: erpKeys.syncs({ kind: 'customer', id: customer.id }) });
      void queryClient.invalidateQueries({ queryKey: customerKeys.list });
      notifySaved(t('bo.customers.erpLink.linked', { code: linked.code }));
      onClose();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    setTooShort(q.length < 2);
    link.reset();
    if (q.length >= 2) search.mutate(q);
  };

  const choose = async (record: ErpCustomer) => {
    const modals = await loadModals();
    modals.openConfirmModal({
      title: t('bo.customers.erpLink.confirmTitle'),
      children: t('bo.customers.erpLink.confirmBody', {
        customer: customerName(customer),
        code: record.code,
        name: record.name,
      }),
      labels: { confirm: t('bo.customers.erpLink.confirm'), cancel: t('bo.confirm.cancel') },
      onConfirm: () => link.mutate(record.code),
    });
  };

  const error = link.error ?? search.error;
  return (
    <Modal opened onClose={onClose} title={t('bo.customers.erpLink.title')} size="xl">
      <Stack gap="md">
        <form onSubmit={submit}>
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('bo.customers.erpLink.search')}
              placeholder={t('bo.customers.erpLink.placeholder')}
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
              error={tooShort ? t('bo.customers.erpLink.tooShort') : undefined}
              leftSection={<IconSearch size={16} aria-hidden />}
              data-autofocus
              miw={320}
            />
            <Button type="submit" loading={search.isPending}>
              {t('bo.customers.erpLink.searchButton')}
            </Button>
          </Group>
        </form>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {messageOf(error)}
          </Alert>
        )}
        {search.data && !search.isError && (
          <Table.ScrollContainer minWidth={560}>
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('bo.customers.erpLink.code')}</Table.Th>
                  <Table.Th>{t('bo.customers.erpLink.name')}</Table.Th>
                  <Table.Th>{t('bo.customers.fields.vatId')}</Table.Th>
                  <Table.Th>{t('bo.customers.fields.taxNumber')}</Table.Th>
                  <Table.Th>{t('bo.customers.erpLink.city')}</Table.Th>
                  <Table.Th>{t('bo.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {search.data.map((record) => (
                  <Table.Tr key={record.code}>
                    <Table.Td ff="monospace">{record.code}</Table.Td>
                    <Table.Td>{record.name}</Table.Td>
                    <Table.Td>{record.vat_id}</Table.Td>
                    <Table.Td>{record.tax_number}</Table.Td>
                    <Table.Td>{[record.city, record.country].filter(Boolean).join(', ')}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        loading={link.isPending && link.variables === record.code}
                        onClick={() => void choose(record)}
                        aria-label={t('bo.customers.erpLink.chooseOne', { code: record.code })}
                      >
                        {t('bo.customers.erpLink.choose')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {!search.data && !error && (
          <Text size="sm" c="dimmed">
            {t('bo.customers.erpLink.hint')}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
