import { Button, Group, Text } from '@mantine/core';
import type { Customer } from '@shop/domain';
import { IconLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { erpKeys, getErpStatus } from '../../jobs/api/erp';
import { ErpSyncPanel } from '../../jobs/components/erp-sync-panel';
import { YesNo } from '../../scaffold/yes-no';
import { ErpLinkModal } from './customer-erp-link-modal';

/**
 * The info tab's ERP section (SPEC §1, DESIGN §8): the ERP code and connected flag and the link to an
 * ERP customer by selection (offered while the sync is on), in the panel of the customer's syncs.
 */
export function CustomerErpSection({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const status = useQuery({ queryKey: erpKeys.status, queryFn: ({ signal }) => getErpStatus(signal) });
  const [linking, setLinking] = useState(false);
  return (
    <ErpSyncPanel subject={{ kind: 'customer', id: customer.id }}>
      <Group gap="xl">
        <div>
          <Text size="sm" c="dimmed">
            {t('bo.customers.erp.code')}
          </Text>
          <Text ff="monospace">{customer.erp_code ?? '—'}</Text>
        </div>
        <div>
          <Text size="sm" c="dimmed">
            {t('bo.customers.erp.connected')}
          </Text>
          <YesNo value={customer.erp_connected} />
        </div>
        {status.data?.enabled && (
          <Button
            variant="light"
            leftSection={<IconLink size={16} aria-hidden />}
            onClick={() => setLinking(true)}
          >
            {t(customer.erp_connected ? 'bo.customers.erp.relink' : 'bo.customers.erp.link')}
          </Button>
        )}
      </Group>
      {linking && <ErpLinkModal customer={customer} onClose={() => setLinking(false)} />}
    </ErpSyncPanel>
  );
}
