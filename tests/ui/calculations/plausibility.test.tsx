/**
 * A plausibility warning in the calculation form (issue #35): an A3 flyer at 16 ups on a B1 press sheet is computed,
 * but the result panel warns, as it warns about a missing factor, that only 4 fit. It is a warning, not a refusal:
 * the figures stay and the form can be saved. Ups that fit say nothing.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import flyerJson from '../../../schemas/templates/flyer.json';
import type { StoredInputs, TemplateRecord } from '../../../src/core/api';
import { localize } from '../../../src/core/rules';
import { defaultInputs, loadTemplates, pruneInputs } from '../../../src/core/template';
import { editor } from '../mockServer';
import { renderApp } from '../renderApp';
import { calculationRecord, putCalculation, putRecords, seedCalculations } from '../calculations.mock';
import { slowdown } from '../../support/load';

const loaded = loadTemplates([{ fileName: 'flyer.json', text: JSON.stringify(flyerJson) }]);
const flyer = loaded.templates[0]!;

beforeEach(() => {
  seedCalculations();
  // The current (version 3) flyer, with press sheet format and ups, in place of the form tests' version 1.
  const record: TemplateRecord = {
    id: flyer.id,
    version: flyer.version,
    type: flyer.type,
    label: localize(flyer.label, 'de'),
    labels: flyer.label,
    description: flyer.description ? localize(flyer.description, 'de') : null,
    icon: flyer.icon,
    definition: flyer,
  };
  putRecords('templates', [record]);
});

const fieldBox = (name: string) => document.querySelector(`[data-field="${name}"]`) as HTMLElement;

describe('plausibility warnings in the calculation form', () => {
  it(
    'warns that 16 A3 do not fit a B1 sheet, keeps the figures, and drops the warning at 4 ups',
    async () => {
      const inputs = pruneInputs(flyer, {
        ...defaultInputs(flyer),
        title: 'Plakatflyer A3',
        quantity: 5000,
        format: 'A3',
        sheet_format: 'B1',
        ups: 16,
      });
      const record = calculationRecord(41, 'flyer', {}, {});
      putCalculation({
        ...record,
        template_version: flyer.version,
        inputs: inputs as StoredInputs,
        title: 'Plakatflyer A3',
      });
      const { user } = renderApp('/edit/41', { signedInAs: editor });
      const warning = await screen.findByTestId('result-plausibility', {}, { timeout: 30_000 });
      expect(warning).toHaveTextContent('Bitte prüfen');
      expect(warning).toHaveTextContent(
        'Prüfen Sie die Nutzen: 16 × A3 (297 × 420 mm) passen nicht auf einen Druckbogen B1 (700 × 1000 mm), höchstens 4',
      );
      // A warning, not a refusal: the total is there and saving stays possible.
      expect(screen.getByTestId('result-total-value')).toBeInTheDocument();
      expect(screen.queryByTestId('result-refused')).toBeNull();

      const ups = within(fieldBox('ups')).getByRole('textbox');
      await user.clear(ups);
      await user.type(ups, '4');
      await waitFor(() => expect(screen.queryByTestId('result-plausibility')).toBeNull());
    },
    120_000 * slowdown(),
  );
});
