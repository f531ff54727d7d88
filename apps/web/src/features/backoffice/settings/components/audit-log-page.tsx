import { Anchor, List, Stack, Text } from '@mantine/core';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditEntry } from '@shop/domain';
import i18n from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../../i18n/keys';
import { formatDateTime } from '../../../../lib/format';
import { ListPage, type ListPageConfig } from '../../scaffold/list-page';
import { auditLogExportUrl, auditLogKeys, listAuditLog } from '../api/audit-log';

/**
 * Issue 17 point 7 /backoffice/audit-log: who changed what and when, from which address; filtered by
 * user, entity, action and dates, and exported as filtered. Each entry's id opens that record's history.
 */

const LIST = '/backoffice/audit-log';
const lng = () => (i18n.resolvedLanguage === 'en' ? 'en' : 'it');
const actionKey = (action: string) => `bo.audit.actions.${action}` as TranslationKey;
const entityKey = (entity: string) => `bo.audit.entities.${entity}` as TranslationKey;
/** A label for a known action or entity; an unknown one (a newer server) shows as it is stored. */
// `as never`: the keys' union is too large for TypeScript to compare with t()'s overloads.
const label = (key: TranslationKey, raw: string): string =>
  i18n.exists(key) ? String(i18n.t(key as string as never)) : raw;

/** Changes past this many are folded behind a "show all" button, so one entry cannot fill the page. */
const FOLDED = 3;

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '∅';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The entry's changes as `field: from → to` (an action's input as `field: value`), folded when long. */
function Changes({ changes }: { changes: AuditEntry['changes'] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const entries = Object.entries(changes ?? {});
  if (entries.length === 0) return null;
  const shown = open ? entries : entries.slice(0, FOLDED);
  return (
    <Stack gap={2} maw={420}>
      <List size="xs" listStyleType="none" spacing={2}>
        {shown.map(([field, change]) => (
          <List.Item key={field} style={{ overflowWrap: 'anywhere' }}>
            <Text span size="xs" fw={600}>
              {field}
            </Text>
            {': '}
            {'from' in change ? `${show(change.from)} → ${show(change.to)}` : show(change.to)}
          </List.Item>
        ))}
      </List>
      {entries.length > FOLDED && (
        <Anchor component="button" type="button" size="xs" ta="left" onClick={() => setOpen(!open)}>
          {open ? t('bo.audit.showFewer') : t('bo.audit.showAll', { count: entries.length })}
        </Anchor>
      )}
    </Stack>
  );
}

/** Who acted; a staff member signed in as a customer's user (issue 19 point 5) is shown 'as' him. */
function AuditUser({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const who = entry.user_email ?? (entry.user_id === null ? t('bo.audit.system') : `#${entry.user_id}`);
  if (!entry.subject_email) return who;
  return (
    <Stack gap={0}>
      <span>{who}</span>
      <Text span size="xs" c="dimmed">
        {t('bo.audit.asSubject', { email: entry.subject_email })}
      </Text>
    </Stack>
  );
}

function useEntityChoices() {
  const { t } = useTranslation();
  return AUDIT_ENTITIES.map((value) => ({ value, label: t(entityKey(value)) }));
}
function useActionChoices() {
  const { t } = useTranslation();
  return AUDIT_ACTIONS.map((value) => ({ value, label: t(actionKey(value)) }));
}

const currentEntityId = (params: Record<string, string>) =>
  params.entity_id ? [{ value: params.entity_id, label: params.entity_id }] : [];

/** The record's history (its entity and id); an entry without one, the user's. */
function historyOf(entry: AuditEntry): string {
  const query = new URLSearchParams(
    entry.entity && entry.entity_id
      ? { entity: entry.entity, entity_id: entry.entity_id }
      : { q: entry.user_email ?? String(entry.user_id ?? '') },
  );
  return `${LIST}?${query}`;
}

const listConfig: ListPageConfig<AuditEntry> = {
  titleKey: 'bo.pages.auditLog',
  queryKey: auditLogKeys.list,
  fetch: listAuditLog,
  searchPlaceholderKey: 'bo.audit.userSearch',
  columns: [
    { key: 'at', labelKey: 'bo.audit.at', render: (e) => formatDateTime(e.at, lng()) },
    {
      key: 'user',
      labelKey: 'bo.audit.user',
      render: (e) => <AuditUser entry={e} />,
    },
    { key: 'action', labelKey: 'bo.audit.action', render: (e) => label(actionKey(e.action), e.action) },
    {
      key: 'entity',
      labelKey: 'bo.audit.entity',
      render: (e) => (e.entity ? label(entityKey(e.entity), e.entity) : ''),
    },
    { key: 'entity_id', labelKey: 'bo.audit.entityId', render: (e) => e.entity_id ?? '—' },
    { key: 'changes', labelKey: 'bo.audit.changes', render: (e) => <Changes changes={e.changes} /> },
    { key: 'ip', labelKey: 'bo.audit.ip' },
  ],
  filters: [
    { kind: 'select', key: 'entity', labelKey: 'bo.audit.entity', useOptions: useEntityChoices },
    { kind: 'select', key: 'action', labelKey: 'bo.audit.action', useOptions: useActionChoices },
    // Set by an entry's id link (that record's history); shown so it can be seen and cleared.
    { kind: 'select', key: 'entity_id', labelKey: 'bo.audit.entityId', useOptions: currentEntityId },
    { kind: 'date', key: 'date_from', labelKey: 'bo.audit.dateFrom' },
    { kind: 'date', key: 'date_to', labelKey: 'bo.audit.dateTo' },
  ],
  rowKey: (e) => e.id,
  rowLink: historyOf,
  linkColumn: 'entity_id',
  exportHref: auditLogExportUrl,
};

export function AuditLogPage() {
  return <ListPage config={listConfig} />;
}
