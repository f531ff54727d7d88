import { createTheme, localStorageColorSchemeManager } from '@mantine/core';

/** Light/dark choice, stored locally (SPEC §4); index.html reads the same key before the first paint. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'shop-color-scheme' });

const systemFont =
  'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** A restrained B2B look: indigo accents, neutral surfaces, system fonts (nothing loaded from a CDN). */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 7 },
  autoContrast: true,
  defaultRadius: 'md',
  fontFamily: systemFont,
  headings: { fontFamily: systemFont, fontWeight: '650' },
  focusRing: 'auto',
  cursorType: 'pointer',
  components: {
    Container: { defaultProps: { size: 'xl' } },
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'md' } },
    Menu: { defaultProps: { shadow: 'md', radius: 'md', withinPortal: true } },
  },
});
