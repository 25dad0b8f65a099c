/**
 * How precisely a statistic's figures are shown, on the page and in its CSV alike, so a download
 * holds what the reader saw: kg CO2e whole from 100 kg on (two decimals below), shares in percent
 * with one decimal, counts whole, money with its currency's decimals.
 */
import type { StatisticUnit } from './api';
import { currencyDigits } from './money';

export const PERCENT_DIGITS = 1;

export function kgDigits(value: number): number {
  return Math.abs(value) >= 100 ? 0 : 2;
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
