import { ActionIcon, CloseButton, Group, NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { PRODUCT_TYPES, type ProductType } from '@shop/domain';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UpdateList } from '../hooks/use-list-state';
import { type ListState, updateList } from '../utils/list-query';

const SEARCH_DEBOUNCE_MS = 300;

interface SearchBoxProps {
  state: ListState;
  update: UpdateList;
}

/**
 * The search box of SPEC §2: text (title, author, label, SKU, EAN/ISBN/UPC, catalogue no.) and product
 * type. Typing updates the URL 300 ms after the last key; the first update of a typing run adds a
 * history entry, the next ones replace it, so back leaves the search in one step.
 */
export function SearchBox({ state, update }: SearchBoxProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(state.q ?? '');
  const typing = useRef(false);

  // back/forward or a link changed the search: show it (keeping what is typed when it matches)
  useEffect(() => {
    const q = state.q ?? '';
    setText((typed) => (typed.trim() === q ? typed : q));
  }, [state.q]);

  const commit = (value: string) => {
    const q = value.trim() || undefined;
    const replace = typing.current;
    typing.current = true;
    update((current) => (current.q === q ? current : updateList(current, { q })), { replace });
  };
  const debouncedCommit = useDebouncedCallback(commit, SEARCH_DEBOUNCE_MS);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    debouncedCommit.cancel();
    commit(text);
    typing.current = false;
  };

  const clear = () => {
    debouncedCommit.cancel();
    setText('');
    typing.current = false;
    update((current) => updateList(current, { q: undefined }));
  };

  return (
    <Group
      component="form"
      role="search"
      aria-label={t('catalog.search.label')}
      onSubmit={submit}
      gap="xs"
      wrap="wrap"
    >
      <TextInput
        type="search"
        aria-label={t('catalog.search.label')}
        placeholder={t('catalog.search.placeholder')}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          debouncedCommit(event.currentTarget.value);
        }}
        onBlur={() => {
          typing.current = false;
        }}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          text ? <CloseButton size="sm" aria-label={t('catalog.search.clear')} onClick={clear} /> : undefined
        }
        flex={1}
        miw={240}
        maxLength={200}
        data-testid="search-input"
      />
      <Group gap="xs" wrap="nowrap" flex={{ base: 1, xs: 'none' }} miw={200}>
        <NativeSelect
          aria-label={t('catalog.search.type')}
          value={state.type ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            const type = (PRODUCT_TYPES as readonly string[]).includes(value)
              ? (value as ProductType)
              : undefined;
            update((current) => updateList(current, { type }));
          }}
          data={[
            { value: '', label: t('catalog.search.allTypes') },
            ...PRODUCT_TYPES.map((type) => ({ value: type, label: t(`catalog.types.${type}`) })),
          ]}
          w={{ base: 'auto', xs: 150 }}
          flex={{ base: 1, xs: 'none' }}
          data-testid="type-select"
        />
        <ActionIcon type="submit" size={36} aria-label={t('catalog.search.submit')} variant="filled">
          <IconSearch size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Group>
  );
}
