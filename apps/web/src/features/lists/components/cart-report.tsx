import { Alert, Button, List, Stack, Text } from '@mantine/core';
import type { QuickOrderReport } from '@shop/domain';
import { IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * What 'Add all to cart' did, in quick order's terms (issue 22 point 3): how many products went in,
 * then one message per line that did not go in whole ('at most 4 available', out of stock, no longer sold).
 */
export function CartReport({ report, onClose }: { report: QuickOrderReport; onClose: () => void }) {
  const { t } = useTranslation();
  const added = report.products.length;
  const problems = report.lines.filter((l) => l.status !== 'added');
  const title = (line: QuickOrderReport['lines'][number]) => line.title ?? line.sku ?? line.code;
  return (
    <Alert
      color={problems.length > 0 ? 'orange' : 'teal'}
      variant="light"
      title={t('lists.addedAll', { count: added })}
      withCloseButton
      closeButtonLabel={t('lists.cancel')}
      onClose={onClose}
      data-testid="list-cart-report"
    >
      <Stack gap="sm" align="flex-start">
        {problems.length > 0 && (
          <List size="sm" spacing={4}>
            {problems.map((line) => (
              <List.Item key={line.line} data-status={line.status}>
                {line.status === 'capped'
                  ? t('lists.report.capped', { title: title(line), count: line.quantity })
                  : line.status === 'out_of_stock'
                    ? t('lists.report.outOfStock', { title: title(line) })
                    : t('lists.report.notFound', { title: title(line) })}
              </List.Item>
            ))}
          </List>
        )}
        {added > 0 && (
          <Button
            component={Link}
            to="/cart"
            size="xs"
            leftSection={<IconShoppingCart size={14} aria-hidden />}
          >
            {t('quickOrder.toCart')}
          </Button>
        )}
        {added === 0 && problems.length === 0 && <Text size="sm">{t('lists.emptyList')}</Text>}
      </Stack>
    </Alert>
  );
}
