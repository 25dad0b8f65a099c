import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/core/languages';
import { DEMO_FACTOR_DATABASES, DEMO_FACTORS_2024, DEMO_FACTORS_2025 } from '../../../src/server/seed/factor-databases';

describe('demo factor databases', () => {
  it('are two published, demo-marked versions with the same keys', () => {
    expect(DEMO_FACTOR_DATABASES.map((database) => [database.name, database.status, database.demo])).toEqual([
      ['Demo-Faktoren 2024', 'published', true],
      ['Demo-Faktoren 2025', 'published', true],
    ]);
    const keys = (database: typeof DEMO_FACTORS_2024) => database.factors.map((factor) => factor.key).sort();
    expect(keys(DEMO_FACTORS_2024)).toEqual(keys(DEMO_FACTORS_2025));
    expect(new Set(keys(DEMO_FACTORS_2024)).size).toBe(DEMO_FACTORS_2024.factors.length);
  });

  it('carry the published figures the brief names', () => {
    const value = (database: typeof DEMO_FACTORS_2024, key: string) =>
      database.factors.find((factor) => factor.key === key)?.value;
    // Electricity as CO2 equivalents including upstream chains (UBA), not the CO2-only 380 / 363 g of the same reports.
    expect(value(DEMO_FACTORS_2024, 'electricity_de_grid')).toBe(0.445);
    expect(value(DEMO_FACTORS_2025, 'electricity_de_grid')).toBe(0.427);
    // German (UBA) fuel and gas figures; petrol the mineral fuel its source names.
    for (const database of DEMO_FACTOR_DATABASES) {
      expect(value(database, 'natural_gas')).toBe(0.181);
      // 74.0 t CO2/TJ × 35.9 MJ/l = 2.6566 kg/l, not cut to 2.65.
      expect(value(database, 'diesel')).toBe(2.657);
      expect(value(database, 'petrol')).toBe(2.37);
    }
    for (const database of DEMO_FACTOR_DATABASES) {
      expect(value(database, 'road_freight_truck')).toBe(0.112);
      expect(value(database, 'rail_freight')).toBe(0.018);
    }
  });

  it('differ between the versions, so migrations change results', () => {
    const changed = DEMO_FACTORS_2024.factors.filter(
      (factor) => DEMO_FACTORS_2025.factors.find((other) => other.key === factor.key)?.value !== factor.value,
    );
    expect(changed.map((factor) => factor.key)).toEqual(
      expect.arrayContaining(['electricity_de_grid', 'paper_virgin', 'paper_recycled']),
    );
  });

  it('every factor is labelled in five languages, sourced, positive and marked as demo', () => {
    for (const database of DEMO_FACTOR_DATABASES) {
      for (const factor of database.factors) {
        for (const lang of LANGUAGES) expect(factor.label[lang], `${factor.key}.${lang}`).toBeTruthy();
        expect(factor.source.length, factor.key).toBeGreaterThan(10);
        expect(factor.value, factor.key).toBeGreaterThan(0);
        expect(factor.demo).toBe(true);
        expect(factor.year).toBeGreaterThanOrEqual(2022);
      }
    }
  });

  it('cite their publication and say what the figure covers: no CO2-only electricity, no UK fuel or gas figures', () => {
    for (const database of DEMO_FACTOR_DATABASES) {
      expect(database.source).toMatch(/Demo data/);
      const byKey = (key: string) => database.factors.find((factor) => factor.key === key)!;
      expect(byKey('electricity_de_grid').source).toMatch(
        /Umweltbundesamt.*Climate Change \d+\/\d{4}.*CO2 equivalents including upstream chains/,
      );
      expect(byKey('electricity_de_grid').source).not.toMatch(/g CO2\/kWh/);
      for (const key of ['natural_gas', 'diesel', 'petrol']) {
        expect(byKey(key).source, key).toMatch(/^Umweltbundesamt \(UBA\), ".+", Climate Change 28\/2022/);
        expect(byKey(key).region, key).toBe('DE');
      }
      expect(byKey('petrol').source).toMatch(/mineral petrol/);
      expect(byKey('petrol').source).not.toMatch(/biofuel blend/);
    }
  });

  it('keep each fuel’s upstream as a factor of its own, so combustion + upstream is well-to-wheel', () => {
    for (const database of DEMO_FACTOR_DATABASES) {
      const value = (key: string) => database.factors.find((factor) => factor.key === key)?.value;
      for (const fuel of ['diesel', 'petrol', 'natural_gas']) {
        const upstream = database.factors.find((factor) => factor.key === `${fuel}_upstream`)!;
        expect(upstream, fuel).toBeDefined();
        expect(upstream.unit).toBe(database.factors.find((factor) => factor.key === fuel)!.unit);
      }
      // Diesel well-to-wheel lands in the published 3.1–3.3 kg/l band.
      const wellToWheel = value('diesel')! + value('diesel_upstream')!;
      expect(wellToWheel).toBeGreaterThan(3.1);
      expect(wellToWheel).toBeLessThan(3.3);
    }
  });

  it('carry van, parcel and courier delivery, a van several times the truck per t·km', () => {
    for (const database of DEMO_FACTOR_DATABASES) {
      const value = (key: string) => database.factors.find((factor) => factor.key === key)?.value;
      const truck = value('road_freight_truck')!;
      expect(value('road_freight_van')! / truck).toBeGreaterThan(4);
      expect(value('road_freight_van')! / truck).toBeLessThan(7);
      expect(value('parcel_delivery')).toBeGreaterThan(truck);
      expect(value('courier_car')).toBeGreaterThan(value('road_freight_van')!);
    }
  });

  it('name a publication that holds the number, or say plainly that the figure is an estimate', () => {
    for (const database of DEMO_FACTOR_DATABASES) {
      for (const factor of database.factors) {
        expect(factor.source, factor.key).not.toMatch(/ecoinvent-like|bvdm guidance|FEFCO database/i);
        const cited = /Umweltbundesamt|DESNZ|Climate Change \d+\/\d{4}/.test(factor.source);
        const estimate = /^Schätzung \(estimate\)/.test(factor.source);
        expect(cited || estimate, factor.key).toBe(true);
      }
    }
  });
});
