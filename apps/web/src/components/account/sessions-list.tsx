import { Badge, Button, Center, Group, Loader, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UserSession } from '@shop/domain';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useEndOtherSessions, useEndSession, useUserSessions } from '../../api/user-sessions';
import { useLanguage } from '../../hooks/use-language';
import { translateMessage } from '../../i18n/translate-message';
import { ApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { loadModals } from '../../lib/modals';
import { RetryState } from '../retry-state';

function failed(error: unknown) {
  const message = error instanceof ApiError ? error.message : 'Something has gone wrong with the server.';
  notifications.show({ color: 'red', message: translateMessage(message) });
}

/**
 * The account's signed-in browsers (issue 17 point 2), on the customer's profile and the staff account
 * page: which device, from where, since when and last seen; sign one out, or all but this one, after a
 * confirmation.
 */
export function SessionsList() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const sessions = useUserSessions();
  const endSession = useEndSession();
  const endOthers = useEndOtherSessions();

  const device = (session: UserSession) =>
    [session.browser ?? t('sessions.unknownBrowser'), session.os].filter(Boolean).join(' · ');

  const confirm = async (title: string, body: string, onConfirm: () => void) => {
    const modals = await loadModals();
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{body}</Text>,
      labels: { confirm: t('sessions.signOut'), cancel: t('sessions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm,
    });
  };

  const askEnd = (session: UserSession) =>
    void confirm(t('sessions.signOutTitle'), t('sessions.signOutBody', { device: device(session) }), () =>
      endSession.mutate(session.id, {
        onSuccess: () => notifications.show({ color: 'teal', message: t('sessions.signedOut') }),
        onError: failed,
      }),
    );

  const askEndOthers = () =>
    void confirm(t('sessions.signOutOthersTitle'), t('sessions.signOutOthersBody'), () =>
      endOthers.mutate(undefined, {
        onSuccess: () => notifications.show({ color: 'teal', message: t('sessions.signedOutOthers') }),
        onError: failed,
      }),
    );

  if (sessions.isError) {
    return <RetryState title={t('sessions.loadError')} onRetry={() => void sessions.refetch()} />;
  }
  if (!sessions.data) {
    return (
      <Center py="lg" role="status" aria-label={t('common.loading')}>
        <Loader type="dots" />
      </Center>
    );
  }
  const others = sessions.data.filter((s) => !s.current);

  return (
    <Stack gap="md">
      <Text size="sm">{t('sessions.intro')}</Text>
      <Table.ScrollContainer minWidth={640}>
        <Table striped aria-label={t('sessions.tableLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('sessions.columns.device')}</Table.Th>
              <Table.Th>{t('sessions.columns.ip')}</Table.Th>
              <Table.Th>{t('sessions.columns.started')}</Table.Th>
              <Table.Th>{t('sessions.columns.lastSeen')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('sessions.columns.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sessions.data.map((session) => (
              <Table.Tr key={session.id}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm">{device(session)}</Text>
                    {session.current && (
                      // filled and dark enough for WCAG AA contrast on striped rows in both themes
                      <Badge variant="filled" color="teal.9">
                        {t('sessions.thisBrowser')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{session.ip ?? '—'}</Table.Td>
                <Table.Td>{formatDateTime(session.started_at, lng)}</Table.Td>
                <Table.Td>{formatDateTime(session.last_seen_at, lng)}</Table.Td>
                <Table.Td ta="right">
                  {!session.current && (
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      leftSection={<IconLogout size={16} aria-hidden />}
                      aria-label={t('sessions.signOutLabel', {
                        device: device(session),
                        ip: session.ip ?? '',
                      })}
                      loading={endSession.isPending && endSession.variables === session.id}
                      onClick={() => askEnd(session)}
                    >
                      {t('sessions.signOut')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group>
        <Button
          variant="light"
          color="red"
          disabled={others.length === 0}
          loading={endOthers.isPending}
          onClick={askEndOthers}
        >
          {t('sessions.signOutOthers')}
        </Button>
        {others.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('sessions.noOthers')}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
