/**
 * Issue 33, item 3: market-based electricity (GHG Protocol Scope 2 Guidance) — the share covered by guarantees of
 * origin at the contract's factor, the rest at the residual mix — beside the location-based grid factor, and the site
 * footprint ProductionData hands to `overhead()`.
 */
import { describe, expect, it } from 'vitest';
import type { MachineSetRecord } from '../../../src/core/api';
import { productionQuality } from '../../../src/core/data-quality';
import {
  marketBasedElectricity,
  productionSourceInWords,
  siteFootprintOf,
  toProductionData,
} from '../../../src/core/production';
import { translate } from '../../../src/core/i18n/translate';
import '../../../src/core/i18n/all-locales';
import type { Language } from '../../../src/core/languages';

const set: MachineSetRecord = {
  id: 7,
  mandant_id: 1,
  name: 'Werk',
  version_label: '2026',
  status: 'published',
  based_on_id: null,
  current: true,
  electricity_factor: 0.03,
  electricity_supplier: 'Stadtwerke',
  electricity_source: 'Stromkennzeichnung 2025',
  electricity_year: 2025,
  electricity_region: 'DE',
  electricity_go_share: 0.6,
  electricity_residual_factor: 0.7,
  electricity_residual_source: 'AIB European Residual Mixes 2024',
  electricity_location_factor: 0.427,
  electricity_location_source: 'UBA Climate Change 13/2025',
  site_kg_co2e: 47000,
  site_allocation_key: 'machine_hours',
  site_annual_amount: 4000,
  site_source: 'Unternehmensbilanz 2025',
  site_year: 2025,
  published_at: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  version: 1,
};

describe('market-based electricity', () => {
  it('weighs the contract by the GO share and the residual mix by the rest', () => {
    // 0.6 × 0.03 + 0.4 × 0.7 = 0.018 + 0.28 = 0.298
    expect(marketBasedElectricity(0.03, 0.6, 0.7)).toBeCloseTo(0.298, 12);
    expect(marketBasedElectricity(0.03, 0, 0.7)).toBeCloseTo(0.7, 12);
    expect(marketBasedElectricity(0.03, 1, null)).toBe(0.03);
  });

  it('keeps the contract factor alone where no share is recorded, and has none where the residual mix is missing', () => {
    expect(marketBasedElectricity(0.4, null, null)).toBe(0.4);
    expect(marketBasedElectricity(0.03, 0.5, null)).toBeNull();
    expect(marketBasedElectricity(null, 0.5, 0.7)).toBeNull();
  });

  it('gives ProductionData both figures, each with its own source', () => {
    const data = toProductionData(set, [], siteFootprintOf(set));
    const market = data.energy('electricity')!;
    expect(market.value).toBeCloseTo(0.298, 12);
    // The mix is stored as figures (issue 33): the contract's own source, and the shares and factors beside it.
    expect(market.source).toBe('Stromkennzeichnung 2025');
    expect(market.market).toEqual({
      go_share: 0.6,
      contract_factor: 0.03,
      residual_factor: 0.7,
      residual_source: 'AIB European Residual Mixes 2024',
    });
    const words = productionSourceInWords(market, 'de', (key, params) => translate('de', key, params));
    expect(words).toContain('AIB European Residual Mixes 2024');
    expect(words.replace(/[\u00a0\u202f]/g, ' ')).toContain('60 %');
    expect(data.energy('electricity_location')).toMatchObject({
      value: 0.427,
      source: 'UBA Climate Change 13/2025',
      region: 'DE',
    });
    const plain = toProductionData({ ...set, electricity_go_share: null, electricity_location_factor: null }, []);
    expect(plain.energy('electricity')).toMatchObject({ value: 0.03, source: 'Stromkennzeichnung 2025' });
    expect(plain.energy('electricity')!.market).toBeUndefined();
    expect(plain.energy('electricity_location')).toBeUndefined();
  });

  it('hands the site footprint to overhead() only when the set records it whole', () => {
    const data = toProductionData(set, [], siteFootprintOf(set));
    expect(data.site?.()).toEqual({
      annualKgCo2e: 47000,
      allocationKey: 'machine_hours',
      annualAmount: 4000,
      source: 'Unternehmensbilanz 2025',
      year: 2025,
    });
    expect(siteFootprintOf({ ...set, site_allocation_key: null })).toBeUndefined();
    expect(toProductionData(set, []).site?.()).toBeUndefined();
  });

  it('counts the contract as the mandant’s own data and the grid factor as a secondary average', () => {
    expect(productionQuality({ figure: 'electricity', year: 2025, region: 'DE' })).toMatchObject({
      dataType: 'primary',
      technology: 'specific',
    });
    expect(productionQuality({ figure: 'electricity_location', year: 2025, region: 'DE' })).toMatchObject({
      dataType: 'secondary',
      technology: 'average',
    });
  });

  describe('the market-based mix in the reader’s words, from its figures (issue 33)', () => {
    const mixed = toProductionData({ ...set, electricity_go_share: 0.625 }, []).energy('electricity')!;
    const expected: Record<Language, string> = {
      de: 'Stromkennzeichnung 2025 — marktbasiert: 62,5 % mit Herkunftsnachweisen zu 0,03 kg CO₂e/kWh + 37,5 % Residualmix zu 0,7 kg CO₂e/kWh (AIB European Residual Mixes 2024)',
      en: 'Stromkennzeichnung 2025 — market-based: 62.5% with guarantees of origin at 0.03 kg CO₂e/kWh + 37.5% residual mix at 0.7 kg CO₂e/kWh (AIB European Residual Mixes 2024)',
      fr: 'Stromkennzeichnung 2025 — basée sur le marché : 62,5 % avec garanties d’origine à 0,03 kg CO₂e/kWh + 37,5 % au mix résiduel à 0,7 kg CO₂e/kWh (AIB European Residual Mixes 2024)',
      it: 'Stromkennzeichnung 2025 — basato sul mercato: 62,5% con garanzie di origine a 0,03 kg CO₂e/kWh + 37,5% al mix residuale a 0,7 kg CO₂e/kWh (AIB European Residual Mixes 2024)',
      es: 'Stromkennzeichnung 2025 — basado en el mercado: 62,5 % con garantías de origen a 0,03 kg CO₂e/kWh + 37,5 % al mix residual a 0,7 kg CO₂e/kWh (AIB European Residual Mixes 2024)',
    };
    for (const lang of Object.keys(expected) as Language[]) {
      it(lang, () => {
        const words = productionSourceInWords(mixed, lang, (key, params) => translate(lang, key, params));
        expect(words.replace(/[\u00a0\u202f]/g, ' ')).toBe(expected[lang]);
      });
    }

    it('leaves a figure without a mix as its recorded source', () => {
      const plain = toProductionData({ ...set, electricity_go_share: 1 }, []).energy('electricity')!;
      expect(productionSourceInWords(plain, 'fr', (key, params) => translate('fr', key, params))).toBe(
        'Stromkennzeichnung 2025',
      );
    });
  });
});
