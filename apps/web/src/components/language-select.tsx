import { NativeSelect } from '@mantine/core';
import { LANGUAGES } from '@shop/domain';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n';

/** it/en switch (SPEC §2); i18n stores the choice and updates <html lang>. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('header.language')}
      size="sm"
      w={76}
      value={currentLanguage()}
      onChange={(event) => void i18n.changeLanguage(event.currentTarget.value)}
      data={LANGUAGES.map((lng) => ({ value: lng, label: lng.toUpperCase() }))}
    />
  );
}
