/**
 * react-admin's DateField in the interface language. Without `locales` it formats in the
 * browser's language, so a German screen in an English browser showed 11/21/2026, 12:29 PM.
 */
import { DateField, useLocaleState, type DateFieldProps } from 'react-admin';

export const LocalizedDateField = (props: DateFieldProps) => {
  const [locale] = useLocaleState();
  return <DateField locales={locale} {...props} />;
};
