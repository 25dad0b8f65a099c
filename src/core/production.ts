/**
 * A printer's own production data (issue 21, item 2): its machines and its energy contract, kept per mandant in
 * versioned machine sets (like factor databases: a draft is edited, a published set is fixed, and every calculation
 * stores the set it read). Templates reach the figures by name through the formula functions `machine(field,
 * 'figure')` and `energy('electricity')`; server and client build the same `ProductionData` from the same records
 * here, so the live preview and the stored result agree.
 */
import type {
  MachineRecord,
  MachineSetRecord,
  MachineSetRef,
  MarketMix,
  ProductionUse,
  SourcedFigure,
} from './api/machines';
import type { EnergyFigureName, SiteAllocationKey } from './production-names';
import type { Language } from './languages';
import { formatNumber, formatPercent } from './number-format';

// The shapes a result cites are the contract's (api/machines), so the API, the serializer and the engine share them.
export type { MachineSetRef, ProductionUse };

/** The names (kept apart so the API contract reads them without this computation) are this module's too. */
export * from './production-names';

/** The mandant's annual site footprint as a formula's `overhead()` reads it (issue 33, item 3). */
export interface SiteFootprint {
  annualKgCo2e: number;
  allocationKey: SiteAllocationKey;
  /** The year's total of the allocation key (hours, sheets or kg), the denominator of a job's share. */
  annualAmount: number;
  source: string;
  year: number | null;
}

/**
 * Market-based electricity (GHG Protocol Scope 2 Guidance): the share covered by guarantees of origin at the
 * contract's factor, the rest at the residual mix. Without a recorded share the contract factor stands alone, as
 * before; a share below 1 without a residual factor has no market-based figure.
 */
export function marketBasedElectricity(
  contractFactor: number | null,
  goShare: number | null,
  residualFactor: number | null,
): number | null {
  if (contractFactor === null) return null;
  if (goShare === null || goShare >= 1) return contractFactor;
  if (residualFactor === null) return null;
  return goShare * contractFactor + (1 - goShare) * residualFactor;
}

/** A machine set's site footprint, when it records one completely (a figure, its key and the year's amount). */
export function siteFootprintOf(
  set: Pick<
    MachineSetRecord,
    'site_kg_co2e' | 'site_allocation_key' | 'site_annual_amount' | 'site_source' | 'site_year'
  >,
): SiteFootprint | undefined {
  if (set.site_kg_co2e === null || set.site_allocation_key === null || !set.site_annual_amount) return undefined;
  return {
    annualKgCo2e: set.site_kg_co2e,
    allocationKey: set.site_allocation_key,
    annualAmount: set.site_annual_amount,
    source: set.site_source,
    year: set.site_year,
  };
}

/** A production figure's source as a reader reads it: the recorded source, and how a market-based figure was mixed. */
export function productionSourceInWords(
  use: Pick<ProductionUse, 'source' | 'market'>,
  lang: Language,
  say: (key: string, params: Record<string, string>) => string,
): string {
  if (!use.market) return use.source;
  const { go_share, contract_factor, residual_factor, residual_source } = use.market;
  const factor = (value: number) => formatNumber(value, lang, { maximumFractionDigits: 6 });
  const words = say('machines.sets.market_mix', {
    go_share: formatPercent(go_share, lang, 1),
    contract: factor(contract_factor),
    rest: formatPercent(1 - go_share, lang, 1),
    residual: factor(residual_factor),
    residual_source,
  });
  return use.source ? `${use.source} — ${words}` : words;
}

/** The message key naming a production figure for a reader: a machine figure's name (its unit included), or market- or location-based electricity. */
export function productionFigureKey(use: Pick<ProductionUse, 'machine' | 'figure'>): string {
  if (use.figure === SITE_OVERHEAD_FIGURE) return 'machines.sets.fields.site_overhead';
  if (use.machine !== undefined) return `machines.figures.${use.figure}`;
  // Named as the pair a reader compares (issue 33, item 3): the contract's figure is the market-based one.
  return use.figure === 'electricity_location'
    ? 'machines.sets.fields.electricity_location'
    : 'machines.sets.fields.electricity_market';
}

/** The figure name `overhead()` cites: the site's emissions per unit of its allocation key. */
export const SITE_OVERHEAD_FIGURE = 'site_overhead';

/** A production figure's value as printed beside that name: a machine figure's unit is part of its name already. */
export function productionFigureValue(use: Pick<ProductionUse, 'machine' | 'unit'>, value: string): string {
  return use.machine === undefined ? `${value} ${use.unit}` : value;
}

/** What the formula engine reads from a machine set. */
export interface ProductionData {
  set: MachineSetRef;
  /** Where the set's machines run (its electricity contract's region): every figure read from them is of that place. */
  region: string | null;
  machine(key: string): Pick<MachineRecord, 'key' | 'kind' | 'name' | 'figures'> | undefined;
  energy(
    name: EnergyFigureName,
  ): (SourcedFigure & { supplier: string; region: string | null; market?: MarketMix }) | undefined;
  /** The mandant's annual site footprint and its allocation key, when the set records one. */
  site?(): SiteFootprint | undefined;
}

/** The machine set fields ProductionData is built from. */
export type ProductionSetFields = Pick<
  MachineSetRecord,
  | 'id'
  | 'name'
  | 'version_label'
  | 'electricity_factor'
  | 'electricity_supplier'
  | 'electricity_source'
  | 'electricity_year'
  | 'electricity_region'
  | 'electricity_go_share'
  | 'electricity_residual_factor'
  | 'electricity_residual_source'
  | 'electricity_location_factor'
  | 'electricity_location_source'
>;

/** How the set's market-based figure is mixed, when guarantees of origin cover only part of it. */
function marketMix(set: ProductionSetFields): MarketMix | undefined {
  const share = set.electricity_go_share;
  if (share === null || share >= 1 || set.electricity_factor === null || set.electricity_residual_factor === null)
    return undefined;
  return {
    go_share: share,
    contract_factor: set.electricity_factor,
    residual_factor: set.electricity_residual_factor,
    residual_source: set.electricity_residual_source,
  };
}

export function toProductionData(
  set: ProductionSetFields,
  machines: readonly Pick<MachineRecord, 'key' | 'kind' | 'name' | 'figures'>[],
  site?: SiteFootprint,
): ProductionData {
  const byKey = new Map(machines.map((machine) => [machine.key, machine]));
  const market = marketBasedElectricity(
    set.electricity_factor,
    set.electricity_go_share,
    set.electricity_residual_factor,
  );
  const place = { supplier: set.electricity_supplier, region: set.electricity_region };
  const mix = marketMix(set);
  return {
    set: { id: set.id, name: set.name, version_label: set.version_label },
    region: set.electricity_region,
    machine: (key) => byKey.get(key),
    energy: (name) => {
      if (name === 'electricity' && market !== null)
        return {
          value: market,
          source: set.electricity_source,
          year: set.electricity_year,
          ...place,
          ...(mix && { market: mix }),
        };
      if (name === 'electricity_location' && set.electricity_location_factor !== null)
        return {
          value: set.electricity_location_factor,
          source: set.electricity_location_source,
          year: set.electricity_year,
          ...place,
        };
      return undefined;
    },
    site: () => site,
  };
}

/** Machine keys per kind, for validating a calculation's machine fields (null prototype: kinds are data). */
export function machineKeysByKind(machines: readonly Pick<MachineRecord, 'key' | 'kind'>[]): Record<string, string[]> {
  const keys = Object.create(null) as Record<string, string[]>;
  for (const machine of machines) (keys[machine.kind] ??= []).push(machine.key);
  return keys;
}
