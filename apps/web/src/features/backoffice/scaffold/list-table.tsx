import { Anchor, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListPageConfig } from './list-page';
import type { ListParams } from './use-list-params';

interface ListTableProps<Row> {
  config: ListPageConfig<Row>;
  rows: Row[];
  params: ListParams;
  update: (changes: Record<string, string | undefined>) => void;
}

/** The list's table: sortable headers (buttons, with aria-sort) and a link per row. */
export function ListTable<Row>({ config, rows, params, update }: ListTableProps<Row>) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {config.columns.map((column) => {
              const sorted = column.sort !== undefined && params.sort === column.sort;
              const dir = sorted ? (params.dir === 'desc' ? 'desc' : 'asc') : undefined;
              const Icon = dir === 'asc' ? IconArrowUp : dir === 'desc' ? IconArrowDown : IconArrowsSort;
              return (
                <Table.Th
                  key={column.key}
                  ta={column.align}
                  visibleFrom={column.visibleFrom}
                  aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}
                >
                  {column.sort ? (
                    <UnstyledButton
                      fw={700}
                      fz="sm"
                      onClick={() => update({ sort: column.sort, dir: dir === 'asc' ? 'desc' : 'asc' })}
                      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
                    >
                      {t(column.labelKey)}
                      <Icon size={14} aria-hidden />
                    </UnstyledButton>
                  ) : (
                    t(column.labelKey)
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={config.rowKey(row)}>
              {config.columns.map((column) => {
                const value = column.render
                  ? column.render(row)
                  : String((row as Record<string, unknown>)[column.key] ?? '');
                return (
                  <Table.Td
                    key={column.key}
                    ta={column.align}
                    visibleFrom={column.visibleFrom}
                    style={
                      column.key === config.linkColumn && !config.linkWraps
                        ? { whiteSpace: 'nowrap' }
                        : undefined
                    }
                  >
                    {column.key === config.linkColumn ? (
                      <Anchor component={Link} to={config.rowLink(row)} fw={600}>
                        {value}
                      </Anchor>
                    ) : (
                      value
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
