import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Light/dark switch; the choice is stored by Mantine's colour-scheme manager. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const dark = computed === 'dark';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={t('header.theme')}
      title={dark ? t('header.lightTheme') : t('header.darkTheme')}
      onClick={() => setColorScheme(dark ? 'light' : 'dark')}
    >
      {dark ? (
        <IconSun size={18} stroke={1.6} aria-hidden />
      ) : (
        <IconMoon size={18} stroke={1.6} aria-hidden />
      )}
    </ActionIcon>
  );
}
