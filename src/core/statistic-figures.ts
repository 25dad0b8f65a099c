/**
 * How precisely a statistic's figures are shown, on the page and in its CSV alike, so a download
 * holds what the reader saw: kg CO2e by the figure rule (core/number-format: whole from 100 kg on, three
 * significant digits below), shares in percent
 * with one decimal, counts whole, money with its currency's decimals.
 */
import type { StatisticUnit } from './api';
import { currencyDigits } from './money';
import { figureDecimals } from './number-format';

export const PERCENT_DIGITS = 1;

export function kgDigits(value: number): number {
  return figureDecimals(value);
}

/** Decimals of `value` in a column of `unit`; `currency` for money (the row's currency). */
export function statisticDigits(unit: StatisticUnit, value: number, currency = 'EUR'): number {
  switch (unit) {
    case 'kg_co2e':
      return kgDigits(value);
    case 'percent':
      return PERCENT_DIGITS;
    case 'money_minor':
      return currencyDigits(currency);
    default:
      return 0;
  }
}
