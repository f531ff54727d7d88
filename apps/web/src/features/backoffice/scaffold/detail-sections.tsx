import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../i18n/keys';

/** A back-office detail page's card (an order's, a return's) titled by its key, labelled for screen readers by that title. */
export function Section({ titleKey, children }: { titleKey: TranslationKey; children: ReactNode }) {
  const { t } = useTranslation();
  const id = `section-${titleKey.replaceAll('.', '-')}`;
  return (
    <Card withBorder component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {t(titleKey)}
      </Title>
      {children}
    </Card>
  );
}

/** Label and value pairs, the value empty as a dash; a value's line breaks are kept (instructions, notes). */
export function Facts({ items }: { items: [TranslationKey, ReactNode][] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      {items.map(([key, value]) => (
        <Group key={key} gap="xs" wrap="nowrap" align="flex-start">
          <Text size="sm" c="dimmed" miw={140}>
            {t(key)}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {value === null || value === '' ? '—' : value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
