/**
 * The calculation page says where its figures come from (issue #21, item 4): per stored result the formula in words,
 * the inputs it read (option data with the source the template names) and every factor with value, unit, source,
 * year, region and database version; a factor stored before year and region were kept shows them as unknown.
 */
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FactorUse } from '../../../src/core/formula/compute';
import { breakdownContributions, propagateUncertainty, uncertaintyInWords } from '../../../src/core/data-quality';
import { translate } from '../../../src/core/i18n/translate';
import '../../../src/core/i18n/all-locales';
import { formatPercent } from '../../../src/core/number-format';
import { editor } from '../mockServer';
import { renderApp } from '../renderApp';
import {
  brochureInputs,
  calculationRecord,
  calculations,
  factors,
  putCalculation,
  seedCalculations,
} from '../calculations.mock';
import { slowdown } from '../../support/load';

/**
 * As the server stores them now: year and region with each factor; the truck factor as stored before they were kept.
 * The grid factor is the mandant's own measured figure (primary, this very process) for the data-quality test.
 */
function withProvenance(factor: FactorUse): FactorUse {
  if (factor.key === 'road_freight_truck') return factor;
  const row = factors.find((candidate) => candidate.key === factor.key)!;
  const measured = factor.key === 'electricity_de_grid' && { data_type: 'primary', technology: 'specific' };
  return {
    ...factor,
    year: row.year,
    region: row.region,
    data_type: row.data_type,
    technology: row.technology,
    ...measured,
  };
}

beforeEach(() => {
  seedCalculations();
  const record = calculationRecord(7, 'brochure', brochureInputs);
  record.results = {
    ...record.results,
    factors: record.results.factors.map(withProvenance),
    breakdown: record.results.breakdown.map((entry) => ({ ...entry, factors: entry.factors.map(withProvenance) })),
  };
  putCalculation(record);
});

describe('the provenance panel of a calculation', () => {
  it(
    'shows per result the formula in words, the inputs and each factor with source, year, region and database version',
    async () => {
      renderApp('/edit/7', { signedInAs: { ...editor, language: 'en' } });
      const panel = await screen.findByTestId('provenance-panel', {}, { timeout: 60_000 });
      expect(within(panel).getByText('Where the figures come from')).toBeInTheDocument();
      expect(within(panel).getByTestId('provenance-database')).toHaveTextContent(
        'Factor database: Demo factors 2025, version 2025',
      );

      const printing = panel.querySelector('[data-result="printing_co2e"]') as HTMLElement;
      expect(within(printing).getByTestId('provenance-formula').textContent).toMatch(
        /^Formula: .+ ÷ 1,000 × .+ × factor Electricity, German grid mix$/,
      );
      const electricity = factors.find((factor) => factor.key === 'electricity_de_grid')!;
      const row = within(printing)
        .getByTestId('provenance-factors')
        .querySelector('[data-factor="electricity_de_grid"]') as HTMLElement;
      const cells = within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
      expect(cells[0]).toBe('Electricity, German grid mix');
      expect(cells[1]).toContain('/kWh');
      expect(cells.slice(2)).toEqual([
        electricity.source,
        String(electricity.year),
        electricity.region,
        'Demo factors 2025 · 2025',
        `primary · ${electricity.year} (up to 3 years old) · the site itself · this process · ±5%`,
      ]);

      // Option data is a figure too: the paper weight names the format's area and its source.
      const paper = panel.querySelector('[data-result="content_paper_kg"]') as HTMLElement;
      expect(within(paper).getByTestId('provenance-option-figure')).toHaveTextContent(
        /^Format A4 \(210 × 297 mm\): area \(m²\) = 0\.06237 — Source: ISO 216/,
      );
      expect(
        within(paper)
          .getAllByTestId('provenance-input')
          .map((item) => item.textContent),
      ).toEqual(expect.arrayContaining([expect.stringMatching(/: 5,000/)]));

      // Stored before year and region were kept: shown as unknown, not left blank.
      const transport = panel.querySelector('[data-result="transport_co2e"]') as HTMLElement;
      const truck = within(transport)
        .getByTestId('provenance-factors')
        .querySelector('[data-factor="road_freight_truck"]') as HTMLElement;
      const truckCells = within(truck)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
      expect(truckCells.slice(3, 5)).toEqual(['unknown', 'unknown']);
      expect(within(transport).getByTestId('provenance-formula')).toHaveTextContent(/sum over Transport of \(/);
    },
    120_000 * slowdown(),
  );

  it(
    'speaks the interface language',
    async () => {
      renderApp('/edit/7', { signedInAs: editor });
      const panel = await screen.findByTestId('provenance-panel', {}, { timeout: 60_000 });
      expect(within(panel).getByText('Woher die Zahlen kommen')).toBeInTheDocument();
      const head = within(panel.querySelector('[data-result="printing_co2e"]') as HTMLElement)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent);
      expect(head).toEqual(['Faktor', 'Wert', 'Quelle', 'Jahr', 'Region', 'Datenbank · Version', 'Datenqualität']);
    },
    120_000 * slowdown(),
  );
});

describe('the data quality panel of a calculation', () => {
  it(
    'shows the uncertainty range, the share of primary data and the method notes as the report states them',
    async () => {
      renderApp('/edit/7', { signedInAs: { ...editor, language: 'en' } });
      const panel = await screen.findByTestId('quality-panel', {}, { timeout: 60_000 });
      expect(within(panel).getByText('Data quality and uncertainty')).toBeInTheDocument();
      const record = calculations[0]!;
      const year = new Date().getUTCFullYear();
      const expected = propagateUncertainty(
        record.total_co2e,
        breakdownContributions(record.results.breakdown, { database: record.results.database.id }),
        year,
      );
      // The grid factor is primary: the printing result rests on it alone.
      const printing = record.results.breakdown.find((entry) => entry.name === 'printing_co2e')!;
      expect(expected.primaryShare).toBeCloseTo(printing.value / record.total_co2e, 10);
      expect(expected.primaryShare).toBeGreaterThan(0);
      const say = (key: string, params?: Record<string, string | number>) => translate('en', key, params);
      expect(within(panel).getByTestId('quality-uncertainty')).toHaveTextContent(
        uncertaintyInWords(expected, 'kg CO2e', 'en', say),
      );
      expect(within(panel).getByTestId('quality-uncertainty').textContent).toMatch(
        /^±\d+% \([\d,.]+ – [\d,.]+ kg CO2e\)$/,
      );
      expect(within(panel).getByTestId('quality-primary-share')).toHaveTextContent(
        formatPercent(expected.primaryShare, 'en'),
      );
      for (const text of ['How the range is computed', 'Cut-off rule', 'Biogenic carbon', 'Allocation'])
        expect(within(panel).getByText(`${text}:`)).toBeInTheDocument();
      expect(within(panel).getByTestId('quality-exclusions')).toHaveTextContent(/Capital goods.*about 1–3 %/);
    },
    120_000 * slowdown(),
  );
});
