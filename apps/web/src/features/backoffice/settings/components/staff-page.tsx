import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type StaffMember, type StaffStatus, staffMessages } from '@shop/domain';
import { IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../../api/get-current-user';
import { RetryState } from '../../../../components/retry-state';
import { useLanguage } from '../../../../hooks/use-language';
import { usePageTitle } from '../../../../hooks/use-page-title';
import type { TranslationKey } from '../../../../i18n/keys';
import { translateMessage } from '../../../../i18n/translate-message';
import { ApiError } from '../../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../../lib/format';
import { loadModals } from '../../../../lib/modals';
import { listStaff, runStaffAction, type StaffAction, staffKeys } from '../api/staff';
import { InviteStaffModal } from './invite-staff-modal';

// Filled and dark enough for WCAG AA contrast on striped rows in both themes (axe in e2e/backoffice/staff.spec.ts).
const STATUS_COLORS: Record<StaffStatus, string> = {
  active: 'teal.9',
  invited: 'blue.9',
  disabled: 'gray.7',
};

/** Each action's confirmation and toast, named after the member (`{{email}}`). */
const ACTIONS: Record<
  StaffAction,
  { label: TranslationKey; title: TranslationKey; body: TranslationKey; done: TranslationKey }
> = {
  disable: {
    label: 'bo.staff.disable',
    title: 'bo.staff.disableTitle',
    body: 'bo.staff.disableBody',
    done: 'bo.staff.disabled',
  },
  enable: {
    label: 'bo.staff.enable',
    title: 'bo.staff.enableTitle',
    body: 'bo.staff.enableBody',
    done: 'bo.staff.enabled',
  },
  'reset-two-factor': {
    label: 'bo.staff.resetTwoFactor',
    title: 'bo.staff.resetTitle',
    body: 'bo.staff.resetBody',
    done: 'bo.staff.resetDone',
  },
};

/** The server's refusals in the back office's words (they are not among the storefront's messages). */
const REFUSALS = Object.fromEntries(
  Object.entries(staffMessages).map(([key, text]) => [text, `bo.staff.errors.${key}` as TranslationKey]),
);

function refusalText(error: unknown, t: (key: TranslationKey) => string): string {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500)
    return t('bo.staff.errors.failed');
  const key = REFUSALS[error.message];
  return key ? t(key) : translateMessage(error.message);
}

/**
 * The actions a row offers: the second factor is reset only when it is on; none on your own row (the
 * server refuses disabling yourself, and your own second factor is managed under My account).
 */
function actionsOf(member: StaffMember, self: boolean): StaffAction[] {
  if (self) return [];
  const status: StaffAction = member.status === 'disabled' ? 'enable' : 'disable';
  return member.two_factor ? [status, 'reset-two-factor'] : [status];
}

/**
 * /backoffice/staff (issue 18 point 4): the accounts that can sign in to the back office, with their
 * status and second factor; invite one, disable or re-enable one, reset a lost second factor. Every
 * action asks first, naming the member; a refusal (the last active super admin) stays on the page.
 */
export function StaffPage() {
  const { t } = useTranslation();
  const lng = useLanguage();
  usePageTitle(t('bo.staff.title'));
  const queryClient = useQueryClient();
  const me = useCurrentUser().data;
  const [inviting, setInviting] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const staff = useQuery({ queryKey: staffKeys.list, queryFn: ({ signal }) => listStaff(signal) });
  const act = useMutation({
    mutationFn: ({ member, action }: { member: StaffMember; action: StaffAction }) =>
      runStaffAction(member.id, action),
    onSuccess: (_, { member, action }) => {
      notifications.show({ color: 'teal', message: t(ACTIONS[action].done, { email: member.email }) });
      void queryClient.invalidateQueries({ queryKey: staffKeys.list });
    },
    onError: (error) => setRefusal(refusalText(error, t)),
  });

  const ask = async (member: StaffMember, action: StaffAction) => {
    setRefusal(undefined);
    const modals = await loadModals();
    const texts = ACTIONS[action];
    modals.openConfirmModal({
      title: t(texts.title, { email: member.email }),
      children: <Text size="sm">{t(texts.body, { email: member.email })}</Text>,
      labels: { confirm: t(texts.label), cancel: t('bo.staff.cancel') },
      confirmProps: { color: action === 'enable' ? undefined : 'red' },
      onConfirm: () => act.mutate({ member, action }),
    });
  };

  let content = (
    <Center py="xl" role="status" aria-label={t('common.loading')}>
      <Loader type="dots" />
    </Center>
  );
  if (staff.isError) {
    content = <RetryState title={t('bo.staff.loadError')} onRetry={() => void staff.refetch()} />;
  } else if (staff.data?.length === 0) {
    content = <Text c="dimmed">{t('bo.staff.empty')}</Text>;
  } else if (staff.data) {
    content = (
      <Table.ScrollContainer minWidth={760}>
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('bo.staff.columns.email')}</Table.Th>
              <Table.Th>{t('bo.staff.columns.status')}</Table.Th>
              <Table.Th>{t('bo.staff.columns.twoFactor')}</Table.Th>
              <Table.Th>{t('bo.staff.columns.lastSignIn')}</Table.Th>
              <Table.Th>{t('bo.staff.columns.created')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('bo.staff.columns.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {staff.data.map((member) => (
              <Table.Tr key={member.id}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" fw={600}>
                      {member.email}
                    </Text>
                    {member.id === me?.id && (
                      <Badge variant="outline" size="sm">
                        {t('bo.staff.you')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Badge variant="filled" color={STATUS_COLORS[member.status]}>
                    {t(`bo.staff.statuses.${member.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Badge variant="filled" color={member.two_factor ? 'teal.9' : 'gray.7'}>
                    {member.two_factor ? t('bo.staff.twoFactorOn') : t('bo.staff.twoFactorOff')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {member.last_sign_in_at ? formatDateTime(member.last_sign_in_at, lng) : t('bo.staff.never')}
                </Table.Td>
                <Table.Td>{formatDate(member.created_at, lng)}</Table.Td>
                <Table.Td>
                  <Group
                    gap="xs"
                    justify="flex-end"
                    wrap="nowrap"
                    role="group"
                    aria-label={t('bo.staff.actionsFor', { email: member.email })}
                  >
                    {actionsOf(member, member.id === me?.id).map((action) => (
                      <Button
                        key={action}
                        size="xs"
                        variant="light"
                        color={action === 'enable' ? undefined : 'red'}
                        loading={
                          act.isPending &&
                          act.variables?.member.id === member.id &&
                          act.variables.action === action
                        }
                        onClick={() => void ask(member, action)}
                      >
                        {t(ACTIONS[action].label)}
                      </Button>
                    ))}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>{t('bo.staff.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('bo.staff.intro')}
          </Text>
        </Stack>
        <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => setInviting(true)}>
          {t('bo.staff.invite')}
        </Button>
      </Group>
      {refusal && (
        <Alert color="red" variant="light" role="alert" withCloseButton onClose={() => setRefusal(undefined)}>
          {refusal}
        </Alert>
      )}
      {content}
      <InviteStaffModal opened={inviting} onClose={() => setInviting(false)} />
    </Stack>
  );
}
