/** A select of the factors of one category, each shown with its label and its value per unit. */
import { useMemo } from 'react';
import { SelectInput, useWrappedSource } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { Language } from '../../core/languages';
import { formatNumber } from '../../core/number-format';
import { localize } from '../../core/rules';
import type { FactorRecord } from '../../core/api';
import { useFactors } from '../factors/formFactors';
import type { FormFieldInputProps } from '../layout/formFieldInputProps';
import { useLanguage } from '../i18n/useLanguage';
import { KG_CO2E } from '../../core/template/units';

export function factorOptionText(factor: FactorRecord, lang: Language): string {
  const value = formatNumber(factor.value, lang, { maximumFractionDigits: 5 });
  return `${localize(factor.label, lang, factor.key)} · ${value} ${KG_CO2E}/${factor.unit}`;
}

export const FactorInput = ({ category, ...input }: FormFieldInputProps & { category: string | undefined }) => {
  const lang = useLanguage();
  const { factors, isPending } = useFactors();
  const current = useWatch({ name: useWrappedSource(input.source) }) as unknown;
  const choices = useMemo(() => {
    const offered = factors
      .filter((factor) => factor.category === category)
      .map((factor) => ({ id: factor.key, name: factorOptionText(factor, lang) }));
    // A key the database does not (yet) offer stays visible as itself (still loading, or from another database);
    // the validator and the server decide whether it is acceptable.
    if (typeof current === 'string' && current !== '' && !offered.some((choice) => choice.id === current)) {
      offered.push({ id: current, name: current });
    }
    return offered;
  }, [factors, category, lang, current]);
  return (
    <SelectInput
      {...input}
      choices={choices}
      translateChoice={false}
      isPending={isPending}
      size="small"
      margin="dense"
      fullWidth
      // The chosen factor's value ends the text ("… · 0,089 kg CO₂e/tkm"): wrapped, not cut to "0,…" in a narrow
      // column such as a transport leg's.
      sx={{ '& .MuiSelect-select': { whiteSpace: 'normal', overflowWrap: 'break-word', hyphens: 'auto' } }}
    />
  );
};
