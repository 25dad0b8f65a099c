/**
 * Plausibility warnings for a calculation's inputs: figures the engine computes without complaint but a printer would
 * not believe. They warn and never refuse (the server stores what it is given): an A3 flyer at 16 ups on a B1 sheet is
 * computed, but the form says that only 4 fit (issue #35).
 *
 * The rule reads the template's own option data, so it holds for every template with an `ups` field, a `sheet_format`
 * select whose options carry `print_width_mm` / `print_height_mm`, and a `format` select whose options carry
 * `width_mm` / `height_mm`. It counts like the templates' `ups_used` formula: 3 mm bleed on every side, the piece
 * placed either way round.
 */
import type { Fault } from '../i18n/fault';
import { localizedParam } from '../i18n/fault';
import type { CalculationInputs, Field, FieldOption, Template } from './types';

/** Bleed on each side of a piece, in mm (as in the templates' `ups_used`). */
const BLEED_MM = 3;

function topField(template: Template, name: string): Field | undefined {
  for (const group of template.groups) {
    if (group.repeatable) continue;
    const field = group.fields.find((candidate) => candidate.name === name);
    if (field) return field;
  }
  return undefined;
}

function chosenOption(field: Field | undefined, value: unknown): FieldOption | undefined {
  if (!field || typeof value !== 'string') return undefined;
  return field.options?.find((option) => option.value === value);
}

const positive = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;

/** How many pieces of `width` × `height` mm (plus bleed) fit a printable area, placed either way round. */
export function upsThatFit(
  piece: { width: number; height: number },
  sheet: { width: number; height: number },
  bleed = BLEED_MM,
): number {
  const w = piece.width + 2 * bleed;
  const h = piece.height + 2 * bleed;
  const upright = Math.floor(sheet.width / w) * Math.floor(sheet.height / h);
  const turned = Math.floor(sheet.width / h) * Math.floor(sheet.height / w);
  return Math.max(upright, turned);
}

/**
 * The plausibility warnings for `inputs` (as the form holds them), as faults for the reader's language. Empty when
 * the template has nothing to check or the inputs are not complete enough to tell.
 */
export function plausibilityWarnings(template: Template, inputs: CalculationInputs): Fault[] {
  const warnings: Fault[] = [];
  const ups = inputs.ups;
  const formatField = topField(template, 'format');
  const sheetField = topField(template, 'sheet_format');
  if (!topField(template, 'ups') || !positive(ups)) return warnings;
  const format = chosenOption(formatField, inputs.format);
  const sheet = chosenOption(sheetField, inputs.sheet_format ?? sheetField?.default);
  const piece = { width: format?.data?.width_mm, height: format?.data?.height_mm };
  const area = { width: sheet?.data?.print_width_mm, height: sheet?.data?.print_height_mm };
  if (!format || !sheet || !positive(piece.width) || !positive(piece.height)) return warnings;
  if (!positive(area.width) || !positive(area.height)) return warnings;
  const fit = upsThatFit({ width: piece.width, height: piece.height }, { width: area.width, height: area.height });
  if (ups > fit) {
    warnings.push({
      key: fit > 0 ? 'template.plausibility.ups_do_not_fit' : 'template.plausibility.piece_larger_than_sheet',
      params: {
        ups,
        fit,
        format: localizedParam(format.label, format.value),
        sheet: localizedParam(sheet.label, sheet.value),
      },
    });
  }
  return warnings;
}
