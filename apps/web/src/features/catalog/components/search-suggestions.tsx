import { Group, Image, Loader, Paper, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ProductCard, SearchSuggestions as Suggestions } from '@shop/domain';
import { IconPhotoOff } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../../hooks/use-language';
import { categoryLabel, subcategoryLabel } from '../../../lib/category-labels';
import { formatMoney } from '../../../lib/format';
import { priceView } from '../../../lib/price-display';
import { useSearchSuggestions } from '../api/get-search-suggestions';
import classes from './search-suggestions.module.css';

/** Typing pauses this long before suggestions are asked for. */
export const SUGGESTIONS_DEBOUNCE_MS = 150;

/** An option of the list: where Enter or a click takes the buyer. */
export interface SuggestionItem {
  key: string;
  href: string;
}

interface SearchSuggestionsProps {
  /** What is typed (debounced here). */
  text: string;
  listboxId: string;
  /** The option the arrow keys have reached, -1 for none (the search box keeps it). */
  activeIndex: number;
  onItems(items: SuggestionItem[]): void;
  onActivate(index: number): void;
  /** An option was clicked: the search box closes the list and forgets its pending search. */
  onPick(): void;
}

const listHref = (params: Record<string, string>) => `/products?${new URLSearchParams(params)}`;

type Section = { title: string; options: { item: SuggestionItem; content: ReactNode }[] };

/**
 * The suggestions dropdown of the search box (issue 22 point 3), loaded the first time the box is used:
 * a listbox of products (cover, title, author, price), then authors, labels and categories, each
 * option a link to the product or to the filtered list. The search box owns the keyboard (ARIA
 * combobox): it moves `activeIndex` and opens the active option on Enter.
 */
export function SearchSuggestions({
  text,
  listboxId,
  activeIndex,
  onItems,
  onActivate,
  onPick,
}: SearchSuggestionsProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const [debounced] = useDebouncedValue(text.trim(), SUGGESTIONS_DEBOUNCE_MS);
  const query = useSearchSuggestions(debounced);
  const data = debounced ? query.data : undefined;

  const sections = useMemo(() => (data ? toSections(data, t as TFunction, lng) : []), [data, t, lng]);
  const items = useMemo(() => sections.flatMap((s) => s.options.map((o) => o.item)), [sections]);
  useEffect(() => onItems(items), [items, onItems]);

  let body: ReactNode;
  if (!data && (query.isFetching || debounced !== text.trim())) {
    body = (
      <Group gap="xs" p="sm" data-testid="suggestions-loading">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t('catalog.suggestions.loading')}
        </Text>
      </Group>
    );
  } else if (query.isError && !data) {
    body = (
      <Text size="sm" c="dimmed" p="sm">
        {t('catalog.suggestions.error')}
      </Text>
    );
  } else if (items.length === 0) {
    body = (
      <Text size="sm" c="dimmed" p="sm" data-testid="suggestions-empty">
        {t('catalog.suggestions.empty')}
      </Text>
    );
  }

  let index = 0;
  return (
    <Paper
      withBorder
      shadow="md"
      className={classes.dropdown}
      data-testid="search-suggestions"
      aria-busy={query.isFetching}
    >
      {body}
      <div id={listboxId} role="listbox" aria-label={t('catalog.suggestions.label')} hidden={!!body}>
        {sections.map((section) => (
          // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role="group"
          <div key={section.title} role="group" aria-label={section.title} className={classes.group}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" className={classes.groupTitle} aria-hidden>
              {section.title}
            </Text>
            {section.options.map(({ item, content }) => {
              const i = index++;
              return (
                <Link
                  key={item.key}
                  id={`${listboxId}-${i}`}
                  role="option"
                  aria-selected={i === activeIndex}
                  tabIndex={-1}
                  to={item.href}
                  className={classes.option}
                  data-active={i === activeIndex || undefined}
                  // keeps the focus in the search box, so the list stays open until the click lands
                  onMouseDown={(event) => event.preventDefault()}
                  // a move, not an enter: a list opening under a resting pointer keeps the keyboard's choice
                  onMouseMove={() => i !== activeIndex && onActivate(i)}
                  onClick={onPick}
                >
                  {content}
                </Link>
              );
            })}
          </div>
        ))}
      </div>
    </Paper>
  );
}

function toSections(data: Suggestions, t: TFunction, lng: ReturnType<typeof useLanguage>): Section[] {
  const sections: Section[] = [];
  const products = data.products.map((product) => ({
    item: { key: `p:${product.sku}`, href: `/products/${encodeURIComponent(product.sku)}` },
    content: <ProductOption product={product} lng={lng} />,
  }));
  if (data.did_you_mean) {
    products.unshift({
      item: { key: 'did-you-mean', href: listHref({ q: data.did_you_mean }) },
      content: (
        <Text size="sm" data-testid="suggestions-did-you-mean">
          {t('catalog.suggestions.didYouMean', { q: data.did_you_mean })}
        </Text>
      ),
    });
  }
  if (products.length) sections.push({ title: t('catalog.suggestions.products'), options: products });
  const names = (field: 'author' | 'label', list: { name: string }[]) =>
    list.map(({ name }) => ({
      item: { key: `${field}:${name}`, href: listHref({ [field]: name }) },
      content: <Text size="sm">{name}</Text>,
    }));
  if (data.authors.length) {
    sections.push({ title: t('catalog.suggestions.authors'), options: names('author', data.authors) });
  }
  if (data.labels.length) {
    sections.push({ title: t('catalog.suggestions.labels'), options: names('label', data.labels) });
  }
  if (data.categories.length) {
    sections.push({
      title: t('catalog.suggestions.categories'),
      options: data.categories.map((c) => ({
        item: {
          key: `category:${c.code}`,
          href: listHref(c.category ? { category: c.category, subcategory: c.code } : { category: c.code }),
        },
        content: (
          <Text size="sm">
            {c.category
              ? `${categoryLabel(t, c.category)} · ${subcategoryLabel(t, c.code, c.description)}`
              : categoryLabel(t, c.code, c.description)}
          </Text>
        ),
      })),
    });
  }
  return sections;
}

function ProductOption({ product, lng }: { product: ProductCard; lng: ReturnType<typeof useLanguage> }) {
  const { t } = useTranslation();
  const price = priceView(product.price);
  return (
    <Group gap="sm" wrap="nowrap" w="100%">
      {product.cover_url ? (
        <Image src={product.cover_url} alt="" w={40} h={40} fit="contain" className={classes.cover} />
      ) : (
        <span className={classes.noCover} aria-hidden>
          <IconPhotoOff size={18} stroke={1.4} />
        </span>
      )}
      <div className={classes.text}>
        <Text size="sm" fw={600} truncate="end">
          {product.description}
        </Text>
        {product.author && (
          <Text size="xs" c="dimmed" truncate="end">
            {product.author}
          </Text>
        )}
      </div>
      <Text size="sm" fw={600} className={classes.price} data-testid="suggestion-price">
        {formatMoney(price.amount, lng)}
        <Text span size="xs" c="dimmed" display="block" fw={400}>
          {price.mode === 'net' ? t('product.price.vatExcluded') : t('product.price.vatIncluded')}
        </Text>
      </Text>
    </Group>
  );
}
