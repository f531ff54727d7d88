import { Alert, Button, Code, CopyButton, Group, Radio, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  API_TOKEN_EXPIRY_DAYS,
  API_TOKEN_SCOPES,
  type ApiTokenScope,
  type CreatedApiToken,
  RequestTokenInputSchema,
} from '@shop/domain';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCreateApiToken } from '../../api/create-api-token';
import { applyServerErrors, schemaForm } from '../../lib/form';

const EXPIRY_CHOICES = [30, 90, 180, API_TOKEN_EXPIRY_DAYS.max] as const;
const EMPTY = {
  name: '',
  expires_in_days: API_TOKEN_EXPIRY_DAYS.default as number,
  // Least privilege in the form; the API's default stays read-write for SPEC §7 clients.
  scope: 'read' as ApiTokenScope,
};

/**
 * Creates a personal API token (name, expiry of 30 days to a year, read-only or read-write scope) and
 * shows its secret this once, with a copy button.
 */
export function NewApiToken({
  userId,
  created,
  onCreated,
}: {
  userId: number;
  /** The token just created, whose secret is shown until dismissed or revoked (kept by the list). */
  created: CreatedApiToken | undefined;
  onCreated: (token: CreatedApiToken | undefined) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateApiToken(userId);
  const form = useForm({ initialValues: EMPTY, ...schemaForm(RequestTokenInputSchema) });

  const submit = form.onSubmit(async (values) => {
    try {
      onCreated(await create.mutateAsync(RequestTokenInputSchema.parse(values)));
      form.reset();
    } catch (error) {
      applyServerErrors(form, error, ['name', 'expires_in_days', 'scope']);
    }
  });

  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group align="flex-start" gap="sm">
            <TextInput
              label={t('profile.tokens.name')}
              required
              maxLength={100}
              style={{ flex: 1 }}
              {...form.getInputProps('name')}
            />
            <Select
              label={t('profile.tokens.expiry')}
              w={160}
              allowDeselect={false}
              data={EXPIRY_CHOICES.map((days) => ({
                value: String(days),
                label: t('profile.tokens.expiryDays', { days }),
              }))}
              {...form.getInputProps('expires_in_days')}
              value={String(form.values.expires_in_days)}
              onChange={(value) => form.setFieldValue('expires_in_days', Number(value))}
            />
          </Group>
          <Radio.Group label={t('profile.tokens.scope')} {...form.getInputProps('scope')}>
            <Stack gap="xs" mt="xs">
              {API_TOKEN_SCOPES.map((scope) => (
                <Radio
                  key={scope}
                  value={scope}
                  label={t(`profile.tokens.scopes.${scope}`)}
                  description={t(`profile.tokens.scopeHelp.${scope}`)}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              {t('profile.tokens.create')}
            </Button>
          </Group>
        </Stack>
      </form>
      {created && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title={t('profile.tokens.createdTitle', { name: created.name })}
          role="status"
        >
          <Stack gap="sm">
            {t('profile.tokens.createdWarning')}
            <Code block aria-label={t('profile.tokens.secret')}>
              {created.token}
            </Code>
            <Group gap="sm">
              <CopyButton value={created.token}>
                {({ copied, copy }) => (
                  <Button
                    variant="light"
                    color={copied ? 'teal' : undefined}
                    leftSection={
                      copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                    }
                    onClick={copy}
                  >
                    {copied ? t('profile.tokens.copied') : t('profile.tokens.copy')}
                  </Button>
                )}
              </CopyButton>
              <Button variant="subtle" onClick={() => onCreated(undefined)}>
                {t('profile.tokens.dismiss')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
