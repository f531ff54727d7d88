import { ActionIcon, Box, CloseButton, Group, NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { PRODUCT_TYPES, type ProductType } from '@shop/domain';
import { IconSearch } from '@tabler/icons-react';
import {
  type FormEvent,
  type KeyboardEvent,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { lazyComponent } from '../../../lib/lazy-route';
import type { UpdateList } from '../hooks/use-list-state';
import { type ListState, updateList } from '../utils/list-query';
import type { SuggestionItem } from './search-suggestions';

const SEARCH_DEBOUNCE_MS = 300;

/** The suggestions dropdown loads the first time the box is focused or typed in (issue 22). */
const SearchSuggestions = lazyComponent(
  () => import('./search-suggestions'),
  (m) => m.SearchSuggestions,
);

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
  const navigate = useNavigate();
  const [text, setText] = useState(state.q ?? '');
  const typing = useRef(false);
  // Suggestions (ARIA combobox): loaded on first use, open while typing, the keyboard moves `active`.
  const listboxId = useId();
  const [loaded, setLoaded] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [items, setItems] = useState<SuggestionItem[]>([]);
  // the active option is forgotten only when the options change, not when they are re-rendered
  const itemKeys = useRef('');
  const onItems = useCallback((next: SuggestionItem[]) => {
    setItems(next);
    const keys = next.map((item) => item.key).join('\n');
    if (keys !== itemKeys.current) {
      itemKeys.current = keys;
      setActive(-1);
    }
  }, []);
  const close = () => {
    setOpen(false);
    setActive(-1);
  };

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
    close();
  };

  /** An option was chosen: the typed search is not committed after it. */
  const picked = () => {
    debouncedCommit.cancel();
    typing.current = false;
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = open ? items.length : 0;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setLoaded(true);
      if (!open) return setOpen(text.trim() !== '');
      if (count === 0) return;
      // -1 is the text itself: the arrows cycle through it and the options
      if (event.key === 'ArrowDown') setActive((i) => (i >= count - 1 ? -1 : i + 1));
      else setActive((i) => (i <= -1 ? count - 1 : i - 1));
    } else if (event.key === 'Enter' && open && active >= 0 && items[active]) {
      event.preventDefault();
      const href = items[active].href;
      picked();
      void navigate(href);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  };

  const clear = () => {
    debouncedCommit.cancel();
    close();
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
      <Box pos="relative" flex={1} miw={240}>
        <TextInput
          type="search"
          role="combobox"
          aria-label={t('catalog.search.label')}
          aria-autocomplete="list"
          aria-expanded={open && loaded}
          aria-controls={loaded ? listboxId : undefined}
          aria-activedescendant={open && active >= 0 ? `${listboxId}-${active}` : undefined}
          autoComplete="off"
          placeholder={t('catalog.search.placeholder')}
          value={text}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setText(value);
            debouncedCommit(value);
            setLoaded(true);
            setOpen(value.trim() !== '');
            setActive(-1);
          }}
          onFocus={() => setLoaded(true)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            typing.current = false;
            close();
          }}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            text ? (
              <CloseButton size="sm" aria-label={t('catalog.search.clear')} onClick={clear} />
            ) : undefined
          }
          maxLength={200}
          data-testid="search-input"
        />
        {loaded && open && (
          <Suspense fallback={null}>
            <SearchSuggestions
              text={text}
              listboxId={listboxId}
              activeIndex={active}
              onItems={onItems}
              onActivate={setActive}
              onPick={picked}
            />
          </Suspense>
        )}
      </Box>
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
