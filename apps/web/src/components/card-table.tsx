import { Table, type TableProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useLayoutEffect, useRef } from 'react';
import classes from './card-table.module.css';

interface CardTableProps extends TableProps {
  /** The table's width before it scrolls sideways (tablets and up). */
  minWidth: number;
}

/**
 * A table that becomes a list of cards on phones (issue 22: order and row tables needed sideways
 * scrolling): every cell is labelled with its column's header, shown before the value.
 */
export function CardTable({ minWidth, className, children, ...props }: CardTableProps) {
  const ref = useRef<HTMLTableElement>(null);
  const phone = useMediaQuery('(max-width: 47.99em)');
  // after every render: the rows may have changed; a header's text names its column's cells
  useLayoutEffect(() => {
    const table = ref.current;
    if (!table) return;
    const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
    for (const row of table.querySelectorAll('tbody tr')) {
      row.querySelectorAll(':scope > td').forEach((cell, index) => {
        const label = headers[index] ?? '';
        if (cell.getAttribute('data-label') !== label) cell.setAttribute('data-label', label);
      });
    }
  });
  return (
    <Table.ScrollContainer minWidth={phone ? 0 : minWidth}>
      <Table ref={ref} className={[classes.table, className].filter(Boolean).join(' ')} {...props}>
        {children}
      </Table>
    </Table.ScrollContainer>
  );
}
