/**
 * A printer's own production data (issue 21, item 2): its machines and its energy contract, kept per mandant in
 * versioned machine sets (like factor databases: a draft is edited, a published set is fixed, and every calculation
 * stores the set it read). Templates reach the figures by name through the formula functions `machine(field,
 * 'figure')` and `energy('electricity')`; server and client build the same `ProductionData` from the same records
 * here, so the live preview and the stored result agree.
 */
import type { MachineRecord, MachineSetRecord, SourcedFigure } from './api/machines';

export const MACHINE_KINDS = ['press', 'digital', 'finishing'] as const;
export type MachineKind = (typeof MACHINE_KINDS)[number];

/** The figures a machine may carry, with the unit each is recorded in. */
export const MACHINE_FIGURES = {
  power_kw: 'kW',
  speed_sheets_per_hour: 'sheets/h',
  makeready_minutes: 'min',
  makeready_sheets: 'sheets',
} as const;
export type MachineFigureName = keyof typeof MACHINE_FIGURES;
export const MACHINE_FIGURE_NAMES = Object.keys(MACHINE_FIGURES) as MachineFigureName[];

/** The energy contract's figures, with their units. */
export const ENERGY_FIGURES = { electricity: 'kg CO2e/kWh' } as const;
export type EnergyFigureName = keyof typeof ENERGY_FIGURES;

export const isMachineFigure = (name: string): name is MachineFigureName => Object.hasOwn(MACHINE_FIGURES, name);
export const isEnergyFigure = (name: string): name is EnergyFigureName => Object.hasOwn(ENERGY_FIGURES, name);

/** What a machine key may be: calculations store it as the chosen value of a machine field. */
export const MACHINE_KEY_PATTERN = /^[a-z0-9][a-z0-9_-]{0,59}$/;

export const MACHINE_SET_STATUSES = ['draft', 'published', 'archived'] as const;
export type MachineSetStatus = (typeof MACHINE_SET_STATUSES)[number];

/** A production figure a formula read, as the result cites it. */
export interface ProductionUse {
  /** `machine:<key>:<figure>` or `energy:<figure>`: unique within a calculation. */
  ref: string;
  /** The machine's key (machine figures only). */
  machine?: string;
  /** The machine's name, or the electricity supplier. */
  name: string;
  figure: string;
  value: number;
  unit: string;
  source: string;
  year: number | null;
  region?: string | null;
}

/** The message key naming a production figure for a reader: a machine figure's name (its unit included), or the electricity factor. */
export function productionFigureKey(use: Pick<ProductionUse, 'machine' | 'figure'>): string {
  if (use.figure === SITE_OVERHEAD_FIGURE) return 'machines.sets.fields.site_overhead';
  return use.machine === undefined ? 'machines.sets.fields.electricity_factor' : `machines.figures.${use.figure}`;
}

/** The figure name `overhead()` cites: the site's emissions per unit of its allocation key. */
export const SITE_OVERHEAD_FIGURE = 'site_overhead';

/** A production figure's value as printed beside that name: a machine figure's unit is part of its name already. */
export function productionFigureValue(use: Pick<ProductionUse, 'machine' | 'unit'>, value: string): string {
  return use.machine === undefined ? `${value} ${use.unit}` : value;
}

/** The machine set a calculation was computed with. */
export interface MachineSetRef {
  id: number;
  name: string;
  version_label: string;
}

/** What the formula engine reads from a machine set. */
export interface ProductionData {
  set: MachineSetRef;
  /** Where the set's machines run (its electricity contract's region): every figure read from them is of that place. */
  region: string | null;
  machine(key: string): Pick<MachineRecord, 'key' | 'kind' | 'name' | 'figures'> | undefined;
  energy(name: EnergyFigureName): (SourcedFigure & { supplier: string; region: string | null }) | undefined;
  /** The printer's annual site footprint and how it is shared among jobs (issue 33, item 3); absent until recorded. */
  site?(): SiteFootprint | undefined;
}

/** What a job's share of the site is measured in: `overhead(machine_hours, sheets, kg)` picks the argument by it. */
export const SITE_ALLOCATION_KEYS = ['machine_hours', 'sheets', 'kg'] as const;
export type SiteAllocationKey = (typeof SITE_ALLOCATION_KEYS)[number];

/** A site footprint as the formula engine reads it: heating, lighting, compressed air, IT of one year. */
export interface SiteFootprint {
  annualKgCo2e: number;
  allocationKey: SiteAllocationKey;
  /** The site's annual amount of the allocation key (machine hours, sheets or kg produced in that year). */
  annualAmount: number;
  source: string;
  year: number | null;
}

export function toProductionData(
  set: Pick<
    MachineSetRecord,
    | 'id'
    | 'name'
    | 'version_label'
    | 'electricity_factor'
    | 'electricity_supplier'
    | 'electricity_source'
    | 'electricity_year'
    | 'electricity_region'
  >,
  machines: readonly Pick<MachineRecord, 'key' | 'kind' | 'name' | 'figures'>[],
  site: SiteFootprint | undefined = undefined,
): ProductionData {
  const byKey = new Map(machines.map((machine) => [machine.key, machine]));
  return {
    set: { id: set.id, name: set.name, version_label: set.version_label },
    region: set.electricity_region,
    machine: (key) => byKey.get(key),
    energy: (name) =>
      name === 'electricity' && set.electricity_factor !== null
        ? {
            value: set.electricity_factor,
            source: set.electricity_source,
            year: set.electricity_year,
            supplier: set.electricity_supplier,
            region: set.electricity_region,
          }
        : undefined,
    site: () => site,
  };
}

/** Machine keys per kind, for validating a calculation's machine fields (null prototype: kinds are data). */
export function machineKeysByKind(machines: readonly Pick<MachineRecord, 'key' | 'kind'>[]): Record<string, string[]> {
  const keys = Object.create(null) as Record<string, string[]>;
  for (const machine of machines) (keys[machine.kind] ??= []).push(machine.key);
  return keys;
}
