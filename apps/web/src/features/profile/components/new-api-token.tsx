import { Alert, Button, Code, CopyButton, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { RequestTokenInputSchema } from '@shop/domain';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, schemaForm } from '../../../lib/form';
import { type CreatedApiToken, useCreateApiToken } from '../api/create-api-token';

/** Creates a personal API token by name and shows its secret this once, with a copy button. */
export function NewApiToken({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const create = useCreateApiToken(userId);
  const [created, setCreated] = useState<CreatedApiToken>();
  const form = useForm({ initialValues: { name: '' }, ...schemaForm(RequestTokenInputSchema) });

  const submit = form.onSubmit(async (values) => {
    try {
      setCreated(await create.mutateAsync(RequestTokenInputSchema.parse(values).name));
      form.reset();
    } catch (error) {
      applyServerErrors(form, error, ['name']);
    }
  });

  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="sm">
          <TextInput
            label={t('profile.tokens.name')}
            required
            maxLength={100}
            style={{ flex: 1 }}
            {...form.getInputProps('name')}
          />
          <Button type="submit" mt={25} loading={create.isPending}>
            {t('profile.tokens.create')}
          </Button>
        </Group>
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
              <Button variant="subtle" onClick={() => setCreated(undefined)}>
                {t('profile.tokens.dismiss')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
