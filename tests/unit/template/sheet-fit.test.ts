/**
 * A plausibility warning, not a refusal (issue #35): an A3 flyer at 16 ups on a B1 sheet is computed, but the form
 * says that only 4 fit. The rule counts as the templates' `ups_used` formula does, so a derived ups never warns.
 */
import { describe, expect, it } from 'vitest';
import { computeResults } from '../../../src/core/formula';
import { wordFault } from '../../../src/core/i18n/fault';
import { validateInputs } from '../../../src/core/rules';
import { defaultInputs, pruneInputs } from '../../../src/core/template';
import { plausibilityWarnings, upsThatFit } from '../../../src/core/template/plausibility';
import { lookup2024, shippedTemplate } from '../support/templates';

const flyer = shippedTemplate('flyer');
const inputs = (over: Record<string, unknown>) =>
  pruneInputs(flyer, {
    ...defaultInputs(flyer),
    title: 'Flyer A3',
    quantity: 5000,
    format: 'A3',
    paper: 'paper_coated',
    ...over,
  });

describe('plausibility of the ups per press sheet', () => {
  it('counts pieces with 3 mm bleed, either way round', () => {
    // B1's printable 680 × 980 mm holds 2 × 2 A3 (303 × 426 mm with bleed) upright, 1 × 3 turned; A5 3 × 6 turned.
    expect(upsThatFit({ width: 297, height: 420 }, { width: 680, height: 980 })).toBe(4);
    expect(upsThatFit({ width: 148, height: 210 }, { width: 680, height: 980 })).toBe(18);
    expect(upsThatFit({ width: 1000, height: 1400 }, { width: 680, height: 980 })).toBe(0);
  });

  it('warns about 16 A3 on a B1 sheet, in the reader’s words, and still computes and accepts the inputs', () => {
    const chosen = inputs({ ups: 16, sheet_format: 'B1' });
    const warnings = plausibilityWarnings(flyer, chosen);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.key).toBe('template.plausibility.ups_do_not_fit');
    expect(wordFault(warnings[0]!, 'de')).toBe(
      'Prüfen Sie die Nutzen: 16 × A3 (297 × 420 mm) passen nicht auf einen Druckbogen B1 (700 × 1000 mm), höchstens 4 ' +
        '(mit 3 mm Beschnitt je Seite). Gerechnet wird trotzdem, mit einem entsprechend größeren Bogen.',
    );
    expect(wordFault(warnings[0]!, 'en')).toContain('at most 4');
    // A warning, not a refusal: the inputs are valid and the engine computes.
    expect(validateInputs(flyer, chosen, 'de')).toEqual({});
    expect(computeResults(flyer, chosen, lookup2024).primary).toBeGreaterThan(0);
  });

  it('says nothing for ups that fit, for derived ups (0), and for A5 at 16 on B1', () => {
    expect(plausibilityWarnings(flyer, inputs({ ups: 4, sheet_format: 'B1' }))).toEqual([]);
    expect(plausibilityWarnings(flyer, inputs({ ups: 0, sheet_format: 'B1' }))).toEqual([]);
    expect(plausibilityWarnings(flyer, inputs({ ups: 16, sheet_format: 'B1', format: 'A5' }))).toEqual([]);
  });

  it('warns on a smaller sheet too: 8 A3 on B2 (at most 2)', () => {
    const [warning] = plausibilityWarnings(flyer, inputs({ ups: 8, sheet_format: 'B2' }));
    expect(warning?.params?.fit).toBe(2);
  });
});
