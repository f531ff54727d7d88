import {
  Alert,
  Button,
  Container,
  Fieldset,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { SETUP_FIELDS, type SetupInput, SetupInputSchema } from '@shop/domain';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { usePageTitle } from '../../../hooks/use-page-title';
import { translateMessage } from '../../../i18n/translate-message';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors, schemaForm } from '../../../lib/form';
import { getSetupQueryOptions, useSetupState } from '../api/get-setup';
import { useSetUpShop } from '../api/set-up-shop';

type Field = (typeof SETUP_FIELDS)[number];

const GROUPS: { legend: 'shop' | 'contacts' | 'admin'; fields: Field[] }[] = [
  { legend: 'shop', fields: ['name', 'address', 'country', 'vat_id'] },
  {
    legend: 'contacts',
    fields: ['email', 'phone', 'national_shipping_price', 'international_shipping_price'],
  },
  { legend: 'admin', fields: ['admin_email'] },
];
const PRICES = new Set<Field>(['national_shipping_price', 'international_shipping_price']);
const EMAILS = new Set<Field>(['email', 'admin_email']);

/**
 * /setup?token=… (issue 18): the first-run screen, for whoever holds the token the server logged at
 * start-up. Creates the shop and its first super admin, then sends them to set the password. Its
 * strings are the back office's, loaded with the page, never with the storefront.
 */
export function SetupPage() {
  return (
    <Suspense fallback={<PageLoader />}>
      <SetupScreen />
    </Suspense>
  );
}

function SetupScreen() {
  const { t } = useTranslation(['translation', 'backoffice']);
  usePageTitle(t('bo.setup.title'));
  const [searchParams] = useSearchParams();
  const state = useSetupState();
  const setUp = useSetUpShop();
  const queryClient = useQueryClient();
  const [done, setDone] = useState<{ email: string; link: string }>();
  const [formError, setFormError] = useState<string>();
  const form = useForm<SetupInput>({
    initialValues: {
      name: '',
      address: '',
      country: 'IT',
      vat_id: '',
      email: '',
      phone: '',
      admin_email: '',
      national_shipping_price: 690,
      international_shipping_price: 1990,
    },
    ...schemaForm(SetupInputSchema),
  });

  const submit = form.onSubmit(async (values) => {
    setFormError(undefined);
    try {
      const result = await setUp.mutateAsync({ ...values, token: searchParams.get('token') ?? '' });
      setDone({ email: result.admin_email, link: result.set_password_link });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        await queryClient.invalidateQueries(getSetupQueryOptions());
      } else if (error instanceof ApiError && error.status === 403) {
        setFormError(t('bo.setup.badToken'));
      } else if (error instanceof ApiError && error.status === 422) {
        setFormError(applyServerErrors(form, error, SETUP_FIELDS));
      } else {
        // A silent request: the rate limit or a failure is told here, not by a global toast.
        setFormError(translateMessage((error as Error).message));
      }
    }
  });

  let content: React.ReactNode;
  if (done) {
    content = (
      <Stack gap="md">
        <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
          {t('bo.setup.done', { email: done.email })}
        </Alert>
        <Button component="a" href={done.link}>
          {t('bo.setup.setPassword')}
        </Button>
      </Stack>
    );
  } else if (state.isPending) {
    content = <PageLoader />;
  } else if (state.data?.needed === false) {
    content = (
      <Stack gap="md">
        <Text>{t('bo.setup.alreadySetUp')}</Text>
        <Button component={Link} to="/sign-in">
          {t('bo.setup.signIn')}
        </Button>
      </Stack>
    );
  } else {
    content = (
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Text c="dimmed" size="sm">
            {t('bo.setup.intro')}
          </Text>
          {formError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {formError}
            </Alert>
          )}
          {GROUPS.map((group) => (
            <Fieldset key={group.legend} legend={t(`bo.setup.groups.${group.legend}`)}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {group.fields.map((field) =>
                  PRICES.has(field) ? (
                    <NumberInput
                      key={field}
                      label={t(`bo.setup.fields.${field}`)}
                      min={0}
                      decimalScale={2}
                      fixedDecimalScale
                      {...form.getInputProps(field)}
                      value={(form.values[field] as number) / 100}
                      onChange={(value) => form.setFieldValue(field, Math.round(Number(value) * 100))}
                    />
                  ) : (
                    <TextInput
                      key={field}
                      label={t(`bo.setup.fields.${field}`)}
                      type={EMAILS.has(field) ? 'email' : 'text'}
                      required
                      description={field === 'admin_email' ? t('bo.setup.adminHint') : undefined}
                      {...form.getInputProps(field)}
                    />
                  ),
                )}
              </SimpleGrid>
            </Fieldset>
          ))}
          <Button type="submit" loading={setUp.isPending}>
            {t('bo.setup.submit')}
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <Container component="main" size="sm" py="xl">
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
        <Title order={1} fz="h2" mb="lg">
          {t(done ? 'bo.setup.doneTitle' : 'bo.setup.title')}
        </Title>
        {content}
      </Paper>
    </Container>
  );
}
