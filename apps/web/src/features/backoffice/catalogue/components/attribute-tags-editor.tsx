import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { ATTRIBUTE_TAG_TYPES, type AttributeTag, AttributeTagInputSchema } from '@shop/domain';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryState } from '../../../../components/retry-state';
import { EntityForm, type FormSection } from '../../scaffold/entity-form';
import { confirmDeletion, notifySaved } from '../../scaffold/notify';
import { YesNo } from '../../scaffold/yes-no';
import {
  catalogKeys,
  deleteAttributeTag,
  listAttributeTags,
  saveAttributeTag,
  type TagOwner,
} from '../api/catalog';

type TagValues = {
  tag: string;
  code: string;
  description: string;
  type: AttributeTag['type'];
  icon_url: string;
  options: string[];
  full_text_search: boolean;
};

const isList = (v: TagValues) => v.type === 'list' || v.type === 'fixed_list';

function useTypeChoices() {
  const { t } = useTranslation();
  return ATTRIBUTE_TAG_TYPES.map((type) => ({ value: type, label: t(`bo.tagTypes.${type}`) }));
}

const sections: FormSection<TagValues>[] = [
  {
    fields: [
      { name: 'tag', labelKey: 'bo.fields.tag', kind: 'text', required: true },
      {
        name: 'code',
        labelKey: 'bo.fields.code',
        kind: 'text',
        required: true,
        descriptionKey: 'bo.tags.codeHint',
      },
      {
        name: 'type',
        labelKey: 'bo.fields.type',
        kind: 'select',
        required: true,
        useOptions: useTypeChoices,
      },
      { name: 'description', labelKey: 'bo.fields.description', kind: 'text' },
      { name: 'icon_url', labelKey: 'bo.fields.iconUrl', kind: 'text' },
      {
        name: 'options',
        labelKey: 'bo.fields.options',
        kind: 'tags',
        when: isList,
        descriptionKey: 'bo.tags.optionsHint',
      },
      { name: 'full_text_search', labelKey: 'bo.fields.fullTextSearch', kind: 'switch' },
    ],
  },
];

/** The attribute tags of a category or subcategory (SPEC §3): list, add, edit, delete. */
export function AttributeTagsEditor({ owner }: { owner: TagOwner }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = catalogKeys.tags(owner);
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => listAttributeTags(owner, signal) });
  const [editing, setEditing] = useState<AttributeTag | 'new'>();
  const current = editing === 'new' ? undefined : editing;

  async function remove(tag: AttributeTag) {
    if (!(await confirmDeletion(`${tag.tag} (${tag.code})`))) return;
    await deleteAttributeTag(tag.id);
    notifySaved(t('bo.tags.deleted'));
    void queryClient.invalidateQueries({ queryKey: key });
  }

  if (query.isError)
    return <RetryState title={t('bo.detail.loadError')} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <Loader aria-label={t('common.loading')} />;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          {t('bo.tags.intro')}
        </Text>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          {t('bo.tags.add')}
        </Button>
      </Group>
      {query.data.length === 0 ? (
        <Alert variant="light">{t('bo.tags.none')}</Alert>
      ) : (
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('bo.fields.tag')}</Table.Th>
              <Table.Th>{t('bo.fields.code')}</Table.Th>
              <Table.Th>{t('bo.fields.type')}</Table.Th>
              <Table.Th>{t('bo.fields.options')}</Table.Th>
              <Table.Th>{t('bo.fields.fullTextSearch')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('bo.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.map((tag) => (
              <Table.Tr key={tag.id}>
                <Table.Td fw={600}>{tag.tag}</Table.Td>
                <Table.Td ff="monospace">{tag.code}</Table.Td>
                <Table.Td>
                  <Badge variant="light">{t(`bo.tagTypes.${tag.type}`)}</Badge>
                </Table.Td>
                <Table.Td>{tag.options.join(', ')}</Table.Td>
                <Table.Td>
                  <YesNo value={tag.full_text_search} />
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Tooltip label={t('bo.edit')}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`${t('bo.edit')} ${tag.tag}`}
                        onClick={() => setEditing(tag)}
                      >
                        <IconPencil size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('bo.delete')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`${t('bo.delete')} ${tag.tag}`}
                        onClick={() => void remove(tag)}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Modal
        closeButtonProps={{ 'aria-label': t('common.close') }}
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={t(current ? 'bo.tags.edit' : 'bo.tags.add')}
        size="xl"
      >
        <EntityForm<TagValues, AttributeTag>
          schema={AttributeTagInputSchema}
          guard={false}
          initialValues={{
            tag: current?.tag ?? '',
            code: current?.code ?? '',
            description: current?.description ?? '',
            type: current?.type ?? 'text',
            icon_url: current?.icon_url ?? '',
            options: current?.options ?? [],
            full_text_search: current?.full_text_search ?? false,
          }}
          sections={sections}
          submit={(values) => saveAttributeTag(owner, current?.id, values)}
          onSaved={() => {
            setEditing(undefined);
            void queryClient.invalidateQueries({ queryKey: key });
          }}
        />
      </Modal>
    </Stack>
  );
}
