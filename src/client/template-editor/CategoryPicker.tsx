/**
 * A factor field's category: templates need the key (`paper`) while the screens show it translated ("Papier"), so the
 * picker lists both, from `GET /api/factor-categories` (names an admin gave, else the built-in ones). A key not in any database yet can still be typed. The keys of
 * a category, for the formula's completion and a factor field's default, come from here too.
 */
import { useMemo } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import type { FactorRecord } from '../../core/api';
import { useCategoryName, useFactorCategories } from '../factors/factorQueries';
import { KeyPicker, type KeyInput } from './KeyPicker';

const ALL_FACTORS = { page: 1, perPage: 1000 };
const BY_KEY = { field: 'key', order: 'ASC' as const };

/** The factors of a category over the databases the admin sees, each key once. */
export function useCategoryFactors(category: string | undefined): FactorRecord[] {
  const { data } = useGetList<FactorRecord>(
    'factors',
    { filter: { category }, pagination: ALL_FACTORS, sort: BY_KEY },
    { enabled: Boolean(category) },
  );
  return useMemo(() => {
    const byKey = new Map<string, FactorRecord>();
    for (const factor of data ?? []) if (!byKey.has(factor.key)) byKey.set(factor.key, factor);
    return [...byKey.values()];
  }, [data]);
}

export const CategoryPicker = ({ label, ...input }: KeyInput & { label?: string }) => {
  const translate = useTranslate();
  const { data = [] } = useFactorCategories();
  const categoryName = useCategoryName();
  const name = (key: string) => `${categoryName(key)} (${key})`;
  return (
    <KeyPicker
      {...input}
      keys={data.map((category) => category.key)}
      name={name}
      inputText={name}
      label={label ?? translate('templateEditor.form.category')}
      width={240}
    />
  );
};
