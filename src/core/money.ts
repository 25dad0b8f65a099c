/** Money is stored as integer minor units of its currency; people read it in major units (19,80 €). */

/** The currency's own number of decimals (2 for EUR, 0 for JPY); 2 for a code Intl does not know. */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** 1980 minor units of EUR → 19.8. */
export function minorToMajor(minor: number, currency: string): number {
  return minor / 10 ** currencyDigits(currency);
}
