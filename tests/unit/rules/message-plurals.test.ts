/** Plural messages agree with their count in each language (CLDR rules through `smart_count`, i18next on client and server). */
import { describe, expect, it } from 'vitest';
import { validateField } from '../../../src/core/rules';
import type { Field } from '../../../src/core/template';

const quantity = (rules: string[]): Field =>
  ({
    name: 'quantity',
    type: 'number',
    label: { de: 'Menge', en: 'Quantity', fr: 'Quantité', it: 'Quantità', es: 'Cantidad' },
    rules,
  }) as Field;

describe('plural messages', () => {
  it('say "1 decimal place" and "2 decimal places" in German and English', () => {
    expect(validateField(quantity(['decimals:1']), 1.25, 'de')).toBe('Menge darf höchstens 1 Nachkommastelle haben.');
    expect(validateField(quantity(['decimals:2']), 1.255, 'de')).toBe('Menge darf höchstens 2 Nachkommastellen haben.');
    expect(validateField(quantity(['decimals:1']), 1.25, 'en')).toBe('Quantity may have at most 1 decimal place.');
    expect(validateField(quantity(['decimals:2']), 1.255, 'en')).toBe('Quantity may have at most 2 decimal places.');
  });
});
