import { Box, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import type { FacetField } from '@shop/domain';
import { IconCheck } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../hooks/use-language';
import classes from './catalog.module.css';

const COLLAPSED_VALUES = 6;

export interface FacetValue {
  value: string;
  label: string;
  count: number;
}

interface FacetGroupProps {
  field: FacetField;
  values: FacetValue[];
  active: string | undefined;
  loading: boolean;
  onToggle: (value: string) => void;
}

/** One facet: its values with counts; clicking a value filters by it, clicking it again clears it. */
export function FacetGroup({ field, values, active, loading, onToggle }: FacetGroupProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const headingId = useId();
  const [expanded, setExpanded] = useState(false);
  const number = new Intl.NumberFormat(lng === 'it' ? 'it-IT' : 'en-GB');

  // the active value stays visible even when the counts no longer list it
  const listed =
    active && !values.some((v) => v.value === active)
      ? [{ value: active, label: active, count: 0 }, ...values]
      : values;
  if (!loading && listed.length === 0) return null;
  const shown = expanded ? listed : listed.slice(0, COLLAPSED_VALUES);

  return (
    <Box component="section" aria-labelledby={headingId} data-testid={`facet-${field}`}>
      <Text id={headingId} component="h3" fw={650} size="sm" mb={6} mt={0}>
        {t(`catalog.facets.fields.${field}`)}
      </Text>
      {loading && listed.length === 0 ? (
        <Stack gap={6}>
          <Skeleton height={14} />
          <Skeleton height={14} width="80%" />
          <Skeleton height={14} width="60%" />
        </Stack>
      ) : (
        <Stack gap={2} component="ul" className={classes.facetList}>
          {shown.map((item) => {
            const selected = item.value === active;
            return (
              <li key={item.value}>
                <UnstyledButton
                  className={classes.facetValue}
                  data-active={selected || undefined}
                  aria-pressed={selected}
                  onClick={() => onToggle(item.value)}
                >
                  <span className={classes.facetCheck} aria-hidden>
                    {selected && <IconCheck size={12} stroke={3} />}
                  </span>
                  <Text span size="sm" className={classes.facetLabel}>
                    {item.label}
                  </Text>
                  {item.count > 0 && (
                    <Text span size="xs" c="dimmed" className={classes.facetCount}>
                      {number.format(item.count)}
                    </Text>
                  )}
                </UnstyledButton>
              </li>
            );
          })}
        </Stack>
      )}
      {listed.length > COLLAPSED_VALUES && (
        <UnstyledButton
          className={classes.more}
          onClick={() => setExpanded((open) => !open)}
          aria-expanded={expanded}
          mt={4}
        >
          {expanded ? t('catalog.facets.showLess') : t('catalog.facets.showMore')}
        </UnstyledButton>
      )}
    </Box>
  );
}
