import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Customer, TeamMember } from '@shop/domain';
import { IconLogin2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TeamManager } from '../../../../components/team/team-manager';
import { loadModals } from '../../../../lib/modals';
import { refusalOf } from '../../sales/components/order-format';
import { signInAs } from '../api/sign-in-as';

/**
 * The customer's users (issue 19): the storefront Team page's table and forms, on the same routes, plus
 * 'Sign in as' for an active user, asked first since it opens the shop as him.
 */
export function CustomerUsersTab({ customer }: { customer: Customer }) {
  return (
    <TeamManager
      customerId={customer.id}
      extraActions={(member) =>
        member.status === 'active' ? <SignInAsButton customerId={customer.id} member={member} /> : null
      }
    />
  );
}

function SignInAsButton({ customerId, member }: { customerId: number; member: TeamMember }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    const modals = await loadModals();
    modals.openConfirmModal({
      title: t('bo.customers.users.confirmTitle', { email: member.email }),
      children: t('bo.customers.users.confirmBody', { email: member.email }),
      labels: { confirm: t('bo.customers.users.confirm'), cancel: t('bo.customers.users.cancel') },
      onConfirm: async () => {
        setBusy(true);
        try {
          const { redirect } = await signInAs(customerId, member.id);
          window.location.assign(redirect);
        } catch (error) {
          notifications.show({ color: 'red', message: refusalOf(error) });
          setBusy(false);
        }
      },
    });
  };
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconLogin2 size={14} aria-hidden />}
      loading={busy}
      onClick={() => void open()}
    >
      {t('bo.customers.users.signInAs')}
    </Button>
  );
}
