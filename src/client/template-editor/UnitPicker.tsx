/**
 * A field's or result's unit: the word units of the unit catalogue (shown with their label in the reader's language)
 * and the common symbols, or any symbol typed (kg, g/m², kWh/1000 are written as they are). A typed word the
 * catalogue lacks is marked at once: the checker would refuse it; a provider admin adds it under Units.
 */
import { useTranslate } from 'react-admin';
import { isWordUnit, localizeUnit } from '../../core/template';
import { useLanguage } from '../i18n/useLanguage';
import { useUnitCatalog } from '../units/useUnitCatalog';
import { KeyPicker, type KeyInput } from './KeyPicker';

/** Symbols offered in the list besides the catalogue's words; any other symbol can be typed. */
const COMMON_SYMBOLS = [
  'kg',
  'g',
  't',
  'km',
  'm',
  'mm',
  'm²',
  'g/m²',
  'l',
  'kWh',
  'kWh/1000',
  '%',
  'kg CO2e',
  't CO2e',
];

export const UnitPicker = ({ width = 150, ...input }: KeyInput & { width?: number }) => {
  const translate = useTranslate();
  const lang = useLanguage();
  const catalog = useUnitCatalog();
  const words = [...catalog.keys()].sort();
  const options = [...words, ...COMMON_SYMBOLS.filter((symbol) => !catalog.has(symbol))];
  const name = (unit: string) => {
    const shown = localizeUnit(unit, lang, catalog);
    return shown === unit ? unit : `${unit} (${shown})`;
  };
  const { value } = input;
  const unknown = value !== undefined && value !== '' && !catalog.has(value) && isWordUnit(value);
  return (
    <KeyPicker
      {...input}
      keys={options}
      name={name}
      label={translate('templateEditor.form.unit')}
      problem={unknown ? translate('units.picker.unknown', { unit: value }) : undefined}
      width={width}
    />
  );
};
