import { Box, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ListPaginationProps {
  total: number;
  perPage: number;
  page: number;
  onChange: (page: number) => void;
}

/** Page links under a list of DESIGN §5 pages; nothing when everything fits on one page. */
export function ListPagination({ total, perPage, page, onChange }: ListPaginationProps) {
  const { t } = useTranslation();
  const pages = Math.ceil(total / perPage);
  if (pages <= 1) return null;
  return (
    <Box component="nav" aria-label={t('common.pagination.label')} style={{ alignSelf: 'center' }}>
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onChange}
        siblings={1}
        boundaries={1}
        getItemProps={(n) => ({ 'aria-label': t('common.pagination.page', { page: n }) })}
        getControlProps={(control) => ({ 'aria-label': t(`common.pagination.${control}`) })}
      />
    </Box>
  );
}
