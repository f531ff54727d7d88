import { Pagination, Stack, Table, Text } from '@mantine/core';
import type { ImportCellError } from '@shop/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../../i18n/translate-message';

const PER_PAGE = 20;

/** The preview's invalid cells by row, column and message, a page at a time. */
export function ImportErrors({ errors, total }: { errors: ImportCellError[]; total: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const pages = Math.ceil(errors.length / PER_PAGE);
  const shown = errors.slice((page - 1) * PER_PAGE, page * PER_PAGE);
  return (
    <Stack gap="xs">
      <Table striped withTableBorder verticalSpacing={4} fz="sm" aria-label={t('bo.import.errorsTable')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('bo.import.row')}</Table.Th>
            <Table.Th>{t('bo.import.column')}</Table.Th>
            <Table.Th>{t('bo.import.message')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((error) => (
            <Table.Tr key={`${error.row}-${error.column}-${error.message}`}>
              <Table.Td>{error.row}</Table.Td>
              <Table.Td ff="monospace">{error.column}</Table.Td>
              <Table.Td>{translateMessage(error.message)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {pages > 1 && <Pagination size="sm" total={pages} value={page} onChange={setPage} />}
      {total > errors.length && (
        <Text size="xs" c="dimmed">
          {t('bo.import.moreErrors', { shown: errors.length, total })}
        </Text>
      )}
    </Stack>
  );
}
