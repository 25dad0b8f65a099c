/**
 * react-admin's DateField in the interface language. Without `locales` it formats in the
 * browser's language, so a German screen in an English browser showed 11/21/2026, 12:29 PM.
 */
import { DataTable, DateField, useLocaleState, type DateFieldProps } from 'react-admin';

export const LocalizedDateField = (props: DateFieldProps) => {
  const [locale] = useLocaleState();
  return <DateField locales={locale} {...props} />;
};

/**
 * A list's date column: the DataTable column of a date, shown as above. DataTable.Col draws header or cell by the
 * table's render context, so a column may come wrapped like this.
 */
export const LocalizedDateCol = ({ source, label, ...field }: DateFieldProps & { source: string; label?: string }) => (
  <DataTable.Col source={source} label={label}>
    <LocalizedDateField source={source} {...field} />
  </DataTable.Col>
);
