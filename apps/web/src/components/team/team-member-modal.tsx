import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  CUSTOMER_ROLES,
  type CustomerRole,
  type InviteTeamMemberInput,
  roleHasLimits,
  type TeamMember,
} from '@shop/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n/translate-message';
import { ApiError } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form';
import { refusalOf } from './refusal';

type Values = {
  email: string;
  role: CustomerRole;
  /** Euros as typed; '' is no limit. */
  order_limit: number | string;
  monthly_limit: number | string;
};

const FIELDS = ['email', 'role', 'order_limit', 'monthly_limit'] as const;

/** Euros typed in the form to the API's cents; empty is no limit (null). */
function eurosToCents(value: number | string): number | null {
  if (value === '') return null;
  return Math.round(Number(value) * 100);
}

const centsToEuros = (cents: number | null) => (cents === null ? '' : cents / 100);

/**
 * The invite form (no member) or the edit form (role and limits of `member`). The limits, net euros,
 * are shown only for the roles that have them (buyer, approver) and sent in cents.
 */
export function TeamMemberModal({
  member,
  save,
  onClose,
}: {
  member: TeamMember | null;
  save: (input: InviteTeamMemberInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<Values>({
    initialValues: {
      email: member?.email ?? '',
      role: member?.role ?? 'buyer',
      order_limit: centsToEuros(member?.order_limit ?? null),
      monthly_limit: centsToEuros(member?.monthly_limit ?? null),
    },
    validate: {
      email: (value) => (member || value.trim() ? null : t('team.form.emailRequired')),
      order_limit: (value) => (value !== '' && Number(value) <= 0 ? t('team.form.limitPositive') : null),
      monthly_limit: (value) => (value !== '' && Number(value) <= 0 ? t('team.form.limitPositive') : null),
    },
  });
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  const limits = roleHasLimits(form.values.role);

  const submit = form.onSubmit(async (values) => {
    setFailure(undefined);
    setSaving(true);
    try {
      await save({
        email: values.email.trim(),
        role: values.role,
        order_limit: limits ? eurosToCents(values.order_limit) : null,
        monthly_limit: limits ? eurosToCents(values.monthly_limit) : null,
      });
      onClose();
    } catch (error) {
      // a 422 lands on its fields; any other refusal (the last company admin…) above the form
      const message = applyServerErrors(form, error, FIELDS);
      if (message) setFailure(translateMessage(message));
      else if (!(error instanceof ApiError && error.status === 422)) setFailure(refusalOf(error));
    } finally {
      setSaving(false);
    }
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={member ? t('team.form.editTitle', { email: member.email }) : t('team.form.inviteTitle')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          {!member && (
            <TextInput
              label={t('team.form.email')}
              type="email"
              required
              autoComplete="off"
              {...form.getInputProps('email')}
            />
          )}
          <Select
            label={t('team.form.role')}
            data={CUSTOMER_ROLES.map((role) => ({ value: role, label: t(`team.roles.${role}`) }))}
            allowDeselect={false}
            {...form.getInputProps('role')}
          />
          <Text size="sm" c="dimmed">
            {t(`team.roleDescriptions.${form.values.role}`)}
          </Text>
          {limits && (
            <>
              <NumberInput
                label={t('team.form.orderLimit')}
                min={0.01}
                decimalScale={2}
                prefix="€ "
                {...form.getInputProps('order_limit')}
              />
              <NumberInput
                label={t('team.form.monthlyLimit')}
                min={0.01}
                decimalScale={2}
                prefix="€ "
                {...form.getInputProps('monthly_limit')}
              />
              <Text size="sm" c="dimmed">
                {t('team.form.limitsHint')}
              </Text>
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('team.form.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {member ? t('team.form.save') : t('team.form.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
