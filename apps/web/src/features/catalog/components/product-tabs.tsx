import { Tabs, Text } from '@mantine/core';
import {
  type LayoutProduct,
  type LayoutTab,
  layoutFieldValue,
  type ProductLayout,
  productNotes,
  type TabId,
  tracklistLines,
} from '@shop/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../hooks/use-language';
import { LayoutFields } from './layout-fields';
import { MediaEmbeds, validEmbeds } from './media-embeds';
import classes from './product-detail.module.css';

interface ProductTabsProps {
  layout: ProductLayout;
  product: LayoutProduct & {
    attributes: Record<string, string>;
    description: string;
    extended_description: string | null;
  };
}

/** The tabs of the product's layout that have something to show, each with its content. */
export function ProductTabs({ layout, product }: ProductTabsProps) {
  const { t } = useTranslation();
  const lng = useLanguage();

  const content = (tab: LayoutTab): ReactNode | null => {
    switch (tab.id) {
      case 'notes': {
        const notes = productNotes(product.attributes, tab, lng);
        return notes ? (
          <Text className={classes.notes} data-testid="product-notes">
            {notes}
          </Text>
        ) : null;
      }
      case 'tracklist': {
        const lines = tracklistLines(product.attributes[tab.attribute]);
        return lines.length > 0 ? (
          <ul className={classes.tracklist} data-testid="tracklist">
            {lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a tracklist may repeat a title
              <li key={index}>{line}</li>
            ))}
          </ul>
        ) : null;
      }
      case 'media': {
        const embeds = validEmbeds(product.attributes, tab.attributes);
        return embeds.length > 0 ? <MediaEmbeds embeds={embeds} title={product.description} /> : null;
      }
      case 'details':
        return tab.fields.some((field) => layoutFieldValue(product, field)) ? (
          <LayoutFields product={product} fields={tab.fields} testId="product-details" />
        ) : null;
      case 'description':
        return product.extended_description ? (
          <Text className={classes.notes}>{product.extended_description}</Text>
        ) : null;
    }
  };

  const tabs = layout.tabs.flatMap((tab) => {
    const body = content(tab);
    return body ? [{ id: tab.id, body }] : [];
  });
  if (tabs.length === 0) return null;

  return (
    <Tabs defaultValue={tabs[0]!.id} keepMounted={false} data-testid="product-tabs">
      <Tabs.List aria-label={t('product.tabs.label')}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.id} value={tab.id}>
            {t(`product.tabs.${tab.id as TabId}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.id} value={tab.id} pt="lg">
          {tab.body}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
