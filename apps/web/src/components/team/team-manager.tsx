import {
  ActionIcon,
  Badge,
  Button,
  Center,
  EmptyState,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TeamMember, TeamMemberStatus } from '@shop/domain';
import {
  IconMailForward,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconTrash,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/get-current-user';
import { useTeam } from '../../api/team/get-team';
import { useInviteTeamMember } from '../../api/team/invite-team-member';
import { useRemoveTeamMember } from '../../api/team/remove-team-member';
import { useResendInvitation } from '../../api/team/resend-invitation';
import { useSetTeamMemberDisabled } from '../../api/team/set-team-member-disabled';
import { useUpdateTeamMember } from '../../api/team/update-team-member';
import { useLanguage } from '../../hooks/use-language';
import { translateMessage } from '../../i18n/translate-message';
import { formatMoney } from '../../lib/format';
import { loadModals } from '../../lib/modals';
import { RetryState } from '../retry-state';
import { refusalOf } from './refusal';
import { TeamMemberModal } from './team-member-modal';

const STATUS_COLORS: Record<TeamMemberStatus, string> = { active: 'teal', invited: 'blue', disabled: 'gray' };

/**
 * A customer's users (issue 19): the storefront's Team page and the back office's customer page show
 * the same table and forms, on the same routes. `extraActions` adds a row's own buttons (the back
 * office's 'Sign in as').
 */
export function TeamManager({
  customerId,
  extraActions,
}: {
  customerId: number;
  extraActions?: (member: TeamMember) => ReactNode;
}) {
  const { t } = useTranslation();
  const lng = useLanguage();
  // One's own account is neither disabled nor removed from here (the server refuses it too).
  const myId = useCurrentUser().data?.id;
  const team = useTeam(customerId);
  const invite = useInviteTeamMember(customerId);
  const update = useUpdateTeamMember(customerId);
  const resend = useResendInvitation(customerId);
  const setDisabled = useSetTeamMemberDisabled(customerId);
  const remove = useRemoveTeamMember(customerId);
  // null: the invite form; a member: his edit form
  const [editing, setEditing] = useState<{ member: TeamMember | null } | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  /** Runs a row's action and says how it went, or why it was refused (the last company admin…). */
  const run = async (member: TeamMember, action: () => Promise<string>) => {
    setBusyId(member.id);
    try {
      notifications.show({ color: 'teal', message: await action() });
    } catch (error) {
      notifications.show({ color: 'red', message: refusalOf(error) });
    } finally {
      setBusyId(null);
    }
  };

  const confirmRemove = async (member: TeamMember) => {
    const modals = await loadModals();
    modals.openConfirmModal({
      title: t('team.confirmRemove.title'),
      children: <Text size="sm">{t('team.confirmRemove.body', { email: member.email })}</Text>,
      labels: { confirm: t('team.confirmRemove.confirm'), cancel: t('team.confirmRemove.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void run(member, async () => {
          await remove.mutateAsync(member.id);
          return t('team.removed', { email: member.email });
        }),
    });
  };

  const limit = (cents: number | null) => (cents === null ? t('team.noLimit') : formatMoney(cents, lng));
  const inviteButton = (
    <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setEditing({ member: null })}>
      {t('team.invite')}
    </Button>
  );
  const editor = editing && (
    <TeamMemberModal
      key={editing.member?.id ?? 'new'}
      member={editing.member}
      save={async (input) => {
        const member = editing.member;
        if (member) {
          await update.mutateAsync({
            userId: member.id,
            input: { role: input.role, order_limit: input.order_limit, monthly_limit: input.monthly_limit },
          });
          notifications.show({ color: 'teal', message: t('team.saved') });
        } else {
          await invite.mutateAsync(input);
          notifications.show({ color: 'teal', message: t('team.invited', { email: input.email }) });
        }
      }}
      onClose={() => setEditing(null)}
    />
  );

  if (team.isPending) {
    return (
      <Center py="xl" role="status" aria-label={t('common.loading')}>
        <Loader type="dots" />
      </Center>
    );
  }
  if (team.isError) return <RetryState title={t('team.loadError')} onRetry={() => void team.refetch()} />;
  if (team.data.length === 0) {
    return (
      <>
        <EmptyState
          variant="light"
          icon={<IconUsers aria-hidden />}
          title={t('team.empty.title')}
          description={t('team.empty.description')}
          py="xl"
        >
          {inviteButton}
        </EmptyState>
        {editor}
      </>
    );
  }
  return (
    <Stack gap="md">
      <Group justify="flex-end">{inviteButton}</Group>
      <Table.ScrollContainer minWidth={760}>
        <Table striped verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('team.columns.email')}</Table.Th>
              <Table.Th>{t('team.columns.role')}</Table.Th>
              <Table.Th>{t('team.columns.status')}</Table.Th>
              <Table.Th ta="right">{t('team.columns.orderLimit')}</Table.Th>
              <Table.Th ta="right">{t('team.columns.monthlyLimit')}</Table.Th>
              <Table.Th ta="right">{t('team.columns.spent')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('team.columns.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {team.data.map((member) => {
              const busy = busyId === member.id;
              const action = (label: string, icon: ReactNode, onClick: () => void, color?: string) => (
                <Tooltip label={label} withinPortal={false}>
                  <ActionIcon
                    variant="subtle"
                    color={color}
                    aria-label={label}
                    onClick={onClick}
                    disabled={busy}
                  >
                    {icon}
                  </ActionIcon>
                </Tooltip>
              );
              return (
                <Table.Tr key={member.id} data-testid="team-member">
                  <Table.Td>{member.email}</Table.Td>
                  <Table.Td>{t(`team.roles.${member.role}`)}</Table.Td>
                  <Table.Td>
                    <Badge
                      variant="light"
                      color={STATUS_COLORS[member.status]}
                      style={{ flexShrink: 0 }}
                      miw="max-content"
                    >
                      {t(`team.statuses.${member.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{limit(member.order_limit)}</Table.Td>
                  <Table.Td ta="right">{limit(member.monthly_limit)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(member.spent_this_month, lng)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      {extraActions?.(member)}
                      {action(t('team.actions.edit'), <IconPencil size={16} aria-hidden />, () =>
                        setEditing({ member }),
                      )}
                      {member.status === 'invited' &&
                        action(
                          t('team.actions.resend'),
                          <IconMailForward size={16} aria-hidden />,
                          () =>
                            void run(member, async () =>
                              translateMessage((await resend.mutateAsync(member.id)).message),
                            ),
                        )}
                      {member.id === myId
                        ? null
                        : member.status === 'disabled'
                          ? action(
                              t('team.actions.enable'),
                              <IconPlayerPlay size={16} aria-hidden />,
                              () =>
                                void run(member, async () => {
                                  await setDisabled.mutateAsync({ userId: member.id, disabled: false });
                                  return t('team.enabled', { email: member.email });
                                }),
                            )
                          : action(
                              t('team.actions.disable'),
                              <IconPlayerPause size={16} aria-hidden />,
                              () =>
                                void run(member, async () => {
                                  await setDisabled.mutateAsync({ userId: member.id, disabled: true });
                                  return t('team.disabled', { email: member.email });
                                }),
                            )}
                      {member.id !== myId &&
                        action(
                          t('team.actions.remove'),
                          <IconTrash size={16} aria-hidden />,
                          () => void confirmRemove(member),
                          'red',
                        )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {editor}
    </Stack>
  );
}
