import type { Language } from '../../core/languages';
import { figureDecimals, formatFigure } from '../../core/number-format';

/** Decimals of a result by core's figure rule (CSV cells hold what the screen shows). */
export function resultDigits(value: number): number {
  return figureDecimals(value);
}

/** A computed result by core's one figure rule: 72,1 · 0,0072 · 12.346. */
export function formatResult(value: number, lang: Language): string {
  return formatFigure(value, lang);
}
