import { ActionIcon, Group, NumberInput, Stack } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QuantityLimitNote } from '../../../components/cart/quantity-limit-note';
import { clampQuantity, type QuantityLimits } from '../../../lib/availability';

interface QuantityStepperProps {
  title: string;
  value: number;
  limits: QuantityLimits;
  onChange: (quantity: number) => void;
  disabled?: boolean;
}

/**
 * A line's quantity: − and + buttons, and a field that takes a typed number on Enter or when it loses
 * focus (arrow keys step it). The server's quote clamps whatever is asked (SPEC §5).
 */
export function QuantityStepper({ title, value, limits, onChange, disabled = false }: QuantityStepperProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<number | string>(value);
  // the typed quantity that was clamped, so the line says why it changed ('massimo 4 disponibili')
  const [clamped, setClamped] = useState<{ asked: number; got: number } | null>(null);
  useEffect(() => setDraft(value), [value]);

  // what can be ordered shows at once; the server's quote then confirms it
  const commit = (next: number) => {
    const quantity = Number.isFinite(next) ? clampQuantity(next, limits) : value;
    setDraft(quantity);
    setClamped(Number.isFinite(next) && quantity !== next ? { asked: next, got: quantity } : null);
    if (quantity !== value) onChange(quantity);
  };

  return (
    <Stack gap={2} align="flex-start">
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant="default"
          size={34}
          aria-label={t('cart.line.decrease', { title })}
          disabled={disabled || value <= limits.min}
          onClick={() => commit(value - 1)}
        >
          <IconMinus size={14} aria-hidden />
        </ActionIcon>
        <NumberInput
          aria-label={t('cart.line.quantityOf', { title })}
          w={72}
          hideControls
          min={1}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          value={draft}
          disabled={disabled}
          onChange={setDraft}
          onBlur={() => commit(Number(draft))}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit(Number(draft));
          }}
          styles={{ input: { textAlign: 'center' } }}
          data-testid="line-quantity"
        />
        <ActionIcon
          variant="default"
          size={34}
          aria-label={t('cart.line.increase', { title })}
          disabled={disabled || (limits.max !== null && value >= limits.max)}
          onClick={() => commit(value + 1)}
        >
          <IconPlus size={14} aria-hidden />
        </ActionIcon>
      </Group>
      {clamped && <QuantityLimitNote requested={clamped.asked} quantity={clamped.got} />}
    </Stack>
  );
}
