import { Button, Group, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type Customer, CustomerSettingsInputSchema, LANGUAGES, type Language, messages } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../hooks/use-language';
import { translateMessage } from '../../../i18n/translate-message';
import { formatDate } from '../../../lib/format';
import { useUpdateSettings } from '../api/update-settings';

/**
 * Settings: the newsletter and the language of the customer's mail and documents. Saving a language
 * also switches the interface to it (i18n stores the choice, as the navbar's switch does).
 */
export function SettingsForm({ customer }: { customer: Customer }) {
  const { t, i18n } = useTranslation();
  const lng = useLanguage();
  const update = useUpdateSettings(customer.id);
  const form = useForm<{ newsletter: boolean; language: Language }>({
    initialValues: { newsletter: customer.newsletter, language: customer.language },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(CustomerSettingsInputSchema.parse(values));
      form.resetDirty({ newsletter: saved.newsletter, language: saved.language });
      await i18n.changeLanguage(saved.language);
      // in the language just chosen
      notifications.show({ color: 'teal', message: i18n.t('profile.settings.saved') });
    } catch {
      notifications.show({ color: 'red', message: translateMessage(messages.settingsSaveFailed) });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Stack gap={4}>
          <Switch
            label={t('profile.settings.newsletter')}
            {...form.getInputProps('newsletter', { type: 'checkbox' })}
          />
          {customer.newsletter && customer.newsletter_date && (
            <Text size="sm" c="dimmed">
              {t('profile.settings.newsletterSince', { date: formatDate(customer.newsletter_date, lng) })}
            </Text>
          )}
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="settings-language">
            {t('profile.settings.language')}
          </Text>
          <SegmentedControl
            aria-labelledby="settings-language"
            data={LANGUAGES.map((value) => ({ value, label: t(`profile.settings.languages.${value}`) }))}
            {...form.getInputProps('language')}
            w="fit-content"
          />
          <Text size="sm" c="dimmed">
            {t('profile.settings.languageHint')}
          </Text>
        </Stack>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('profile.settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
