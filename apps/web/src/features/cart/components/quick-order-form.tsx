import { Alert, Button, FileInput, Group, Paper, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { QuickOrderReport as Report } from '@shop/domain';
import { IconAlertTriangle, IconFileSpreadsheet, IconShoppingCart } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QuickOrderReportPanel } from '../../../components/cart/quick-order-report';
import { translateMessage } from '../../../i18n/translate-message';
import { ApiError } from '../../../lib/api-client';
import { addManyToCart } from '../../../lib/cart/cart-store';
import { type QuickOrderInput, useQuickOrder } from '../api/quick-order';

const ACCEPTED = '.csv,.xlsx';

interface QuickOrderFormProps {
  /** Back office: the customer the lines are looked up and clamped for. */
  customerId?: number | null;
  cartPath: string;
}

/**
 * Quick order (issue 5, item 8): lines of 'SKU-or-EAN quantity' pasted, or a .csv/.xlsx uploaded; the
 * found lines go into the cart and every line is reported (added, capped, not found, out of stock,
 * invalid).
 */
export function QuickOrderForm({ customerId, cartPath }: QuickOrderFormProps) {
  const { t } = useTranslation();
  const quickOrder = useQuickOrder();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [textError, setTextError] = useState<string | null>(null);

  const send = async (input: QuickOrderInput) => {
    setError(null);
    try {
      const result = await quickOrder.mutateAsync(input);
      addManyToCart(result.products);
      setReport(result);
      if ('text' in input) setText('');
      else setFile(null);
      notifications.show({
        color: result.products.length > 0 ? 'teal' : 'orange',
        message: t('quickOrder.added', { count: result.products.length }),
      });
    } catch (cause) {
      setError(cause instanceof ApiError ? translateMessage(cause.message) : t('quickOrder.failed'));
    }
  };

  const submitText = () => {
    if (!text.trim()) {
      setTextError(t('quickOrder.textRequired'));
      return;
    }
    setTextError(null);
    void send({ text, customerId });
  };

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder p="md" component="section" aria-labelledby="quick-order-paste">
          <Stack gap="sm">
            <Text fw={600} id="quick-order-paste">
              {t('quickOrder.paste.title')}
            </Text>
            <Textarea
              label={t('quickOrder.paste.label')}
              description={t('quickOrder.paste.description')}
              placeholder={'MU000123 2\n8012345678901 5'}
              autosize
              minRows={8}
              maxRows={16}
              value={text}
              error={textError}
              onChange={(event) => setText(event.currentTarget.value)}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              data-testid="quick-order-text"
            />
            <Group justify="flex-end">
              <Button
                onClick={submitText}
                loading={quickOrder.isPending && quickOrder.variables && 'text' in quickOrder.variables}
                disabled={quickOrder.isPending}
                leftSection={<IconShoppingCart size={16} aria-hidden />}
              >
                {t('quickOrder.paste.submit')}
              </Button>
            </Group>
          </Stack>
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="quick-order-file">
          <Stack gap="sm">
            <Text fw={600} id="quick-order-file">
              {t('quickOrder.file.title')}
            </Text>
            <FileInput
              label={t('quickOrder.file.label')}
              description={t('quickOrder.file.description')}
              accept={ACCEPTED}
              clearable
              value={file}
              onChange={setFile}
              leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
              data-testid="quick-order-file"
            />
            <Group justify="flex-end">
              <Button
                onClick={() => file && void send({ file, customerId })}
                disabled={!file || quickOrder.isPending}
                loading={quickOrder.isPending && quickOrder.variables && 'file' in quickOrder.variables}
                variant="light"
              >
                {t('quickOrder.file.submit')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </SimpleGrid>
      {error && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {error}
        </Alert>
      )}
      {report && (
        <QuickOrderReportPanel report={report} caption={t('quickOrder.report.title')} cartPath={cartPath} />
      )}
    </Stack>
  );
}
