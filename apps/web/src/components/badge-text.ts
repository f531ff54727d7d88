import type { CSSProperties } from 'react';

/** Shade-9 text is too light on these colours' light badges (axe, AA 4.5:1); these are darker. */
const DARKER: Record<string, string> = { teal: '#065f46', orange: '#9a3412', yellow: '#7c4a03' };

/**
 * Text colour for a Mantine `light` Badge that keeps WCAG AA contrast on both themes: a dark shade of
 * the colour in the light theme, Mantine's own light-variant colour in the dark one.
 */
export function lightBadgeText(color: string): CSSProperties {
  const light = DARKER[color] ?? `var(--mantine-color-${color}-9)`;
  return {
    '--badge-color': `light-dark(${light}, var(--mantine-color-${color}-light-color))`,
  } as CSSProperties;
}
