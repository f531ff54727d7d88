import { Badge, type MantineSize } from '@mantine/core';
import { lightBadgeText } from './badge-text';

/**
 * A status as a light badge (orders, rows, invoices, returns, e-invoices): its colour, its label, and
 * `data-status` for tests. The text colour keeps the contrast readable in both themes.
 */
export function StatusBadge({
  status,
  label,
  color,
  testId,
  size,
}: {
  status: string;
  label: string;
  color: string;
  testId: string;
  size?: MantineSize;
}) {
  return (
    <Badge
      variant="light"
      color={color}
      style={lightBadgeText(color)}
      miw="max-content"
      size={size}
      radius="sm"
      data-testid={testId}
      data-status={status}
    >
      {label}
    </Badge>
  );
}
