/**
 * The factor a select option stands for: `factor(field)` then reads the chosen option's factor, so a template needs
 * no `if(field == 'a', factor('…'), factor('…'))` chain. Keys come from the factor categories of the databases the
 * admin sees, shown with their category; a key not in any database yet can still be typed (the checker names it).
 */
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { useCategoryName, useFactorCategories } from '../factors/factorQueries';
import { KeyPicker, type KeyInput } from './KeyPicker';

export const OptionFactorPicker = (input: KeyInput) => {
  const translate = useTranslate();
  const { data = [] } = useFactorCategories();
  const categoryName = useCategoryName();
  const categoryOf = useMemo(() => {
    const byKey = new Map<string, string>();
    for (const category of data) for (const key of category.factor_keys ?? []) byKey.set(key, category.key);
    return byKey;
  }, [data]);
  const keys = useMemo(() => [...categoryOf.keys()].sort(), [categoryOf]);
  return (
    <KeyPicker
      {...input}
      keys={keys}
      name={(key) => (categoryOf.has(key) ? `${key} · ${categoryName(categoryOf.get(key) ?? '')}` : key)}
      label={translate('templateEditor.authoring.option_factor')}
      width={240}
    />
  );
};
