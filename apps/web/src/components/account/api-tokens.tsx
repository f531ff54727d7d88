import {
  ActionIcon,
  Badge,
  Center,
  Loader,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ApiToken, CreatedApiToken } from '@shop/domain';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiTokens } from '../../api/get-api-tokens';
import { useRevokeApiToken } from '../../api/revoke-api-token';
import { useLanguage } from '../../hooks/use-language';
import { formatDate } from '../../lib/format';
import { loadModals } from '../../lib/modals';
import { RetryState } from '../retry-state';
import { NewApiToken } from './new-api-token';

/**
 * SPEC §7 personal API tokens (issue 17): create one, list them with scope, last use and expiry (an
 * expired one is marked until revoked), revoke one after a confirmation.
 */
export function ApiTokens({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const tokens = useApiTokens(userId);
  const revoke = useRevokeApiToken(userId);
  const [created, setCreated] = useState<CreatedApiToken>();

  const askRevoke = async (token: ApiToken) => {
    const modals = await loadModals();
    modals.openConfirmModal({
      title: t('profile.tokens.revokeTitle'),
      children: <Text size="sm">{t('profile.tokens.revokeBody', { name: token.name })}</Text>,
      labels: { confirm: t('profile.tokens.revoke'), cancel: t('profile.tokens.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(token.id, {
          onSuccess: () => {
            // a revoked token's secret is worthless: it leaves the screen with the token
            setCreated((shown) => (shown?.id === token.id ? undefined : shown));
            notifications.show({ color: 'teal', message: t('profile.tokens.revoked') });
          },
        }),
    });
  };

  let list = (
    <Center py="lg" role="status" aria-label={t('common.loading')}>
      <Loader type="dots" />
    </Center>
  );
  if (tokens.isError) {
    list = <RetryState title={t('profile.tokens.loadError')} onRetry={() => void tokens.refetch()} />;
  } else if (tokens.data?.length === 0) {
    list = <Text c="dimmed">{t('profile.tokens.empty')}</Text>;
  } else if (tokens.data) {
    const now = Date.now();
    list = (
      <Table.ScrollContainer minWidth={640}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('profile.tokens.columns.name')}</Table.Th>
              <Table.Th>{t('profile.tokens.columns.scope')}</Table.Th>
              <Table.Th>{t('profile.tokens.columns.created')}</Table.Th>
              <Table.Th>{t('profile.tokens.columns.lastUsed')}</Table.Th>
              <Table.Th>{t('profile.tokens.columns.expires')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('profile.tokens.columns.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tokens.data.map((token) => (
              <Table.Tr key={token.id}>
                <Table.Td>{token.name}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={token.scope === 'read' ? 'gray' : 'orange'}>
                    {t(`profile.tokens.scopes.${token.scope}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>{formatDate(token.created_at, lng)}</Table.Td>
                <Table.Td>
                  {token.last_used_at ? formatDate(token.last_used_at, lng) : t('profile.tokens.neverUsed')}
                </Table.Td>
                <Table.Td>
                  {Date.parse(token.expires_at) <= now ? (
                    <Badge variant="light" color="red">
                      {t('profile.tokens.expired')}
                    </Badge>
                  ) : (
                    formatDate(token.expires_at, lng)
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  <Tooltip label={t('profile.tokens.revoke')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('profile.tokens.revokeLabel', { name: token.name })}
                      onClick={() => void askRevoke(token)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
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
      <Text size="sm">{t('profile.tokens.intro')}</Text>
      <NewApiToken userId={userId} created={created} onCreated={setCreated} />
      {list}
    </Stack>
  );
}
