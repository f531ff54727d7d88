import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { InviteStaffInputSchema } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, schemaForm } from '../../../../lib/form';
import { inviteStaff, staffKeys } from '../api/staff';

/**
 * 'Invite' on the staff screen: one e-mail; a taken or invalid one is shown on the field, and on
 * success the toast says the set-password link was mailed.
 */
export function InviteStaffModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm({ initialValues: { email: '' }, ...schemaForm(InviteStaffInputSchema) });
  const invite = useMutation({ mutationFn: inviteStaff });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    try {
      const member = await invite.mutateAsync(InviteStaffInputSchema.parse(values));
      void queryClient.invalidateQueries({ queryKey: staffKeys.list });
      notifications.show({ color: 'teal', message: t('bo.staff.invited', { email: member.email }) });
      close();
    } catch (error) {
      applyServerErrors(form, error, ['email']);
    }
  });

  return (
    <Modal opened={opened} onClose={close} title={t('bo.staff.inviteTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('bo.staff.inviteHelp')}</Text>
          <TextInput
            type="email"
            label={t('bo.staff.email')}
            autoComplete="off"
            required
            data-autofocus
            {...form.getInputProps('email')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('bo.staff.cancel')}
            </Button>
            <Button type="submit" loading={invite.isPending}>
              {t('bo.staff.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
