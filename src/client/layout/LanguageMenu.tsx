import { useTranslate } from 'react-admin';
import { useSwitchLanguage } from '../i18n/useSwitchLanguage';
import { LanguagePicker } from './LanguagePicker';

/** The language switcher of the app bar and the login card. */
export const LanguageMenu = () => {
  const translate = useTranslate();
  const [language, switchLanguage] = useSwitchLanguage();
  return (
    <LanguagePicker
      language={language}
      changeLabel={translate('app.language.change')}
      onChange={(code) => void switchLanguage(code)}
    />
  );
};
