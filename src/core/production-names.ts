/**
 * The names of a printer's production data (core/production.ts): machine kinds, figures and their units, energy
 * figures, site allocation keys, machine set statuses. The API contract (core/api/machines.ts) declares its records
 * with them, and core/production.ts computes with them; kept apart so the contract needs no computation.
 */
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

/**
 * The energy contract's figures, with their units (issue 33, item 3): `electricity` is market-based (the contract,
 * with a residual mix where no guarantee of origin covers it), `electricity_location` the region's grid factor.
 */
export const ENERGY_FIGURES = { electricity: 'kg CO2e/kWh', electricity_location: 'kg CO2e/kWh' } as const;
export type EnergyFigureName = keyof typeof ENERGY_FIGURES;

export const isMachineFigure = (name: string): name is MachineFigureName => Object.hasOwn(MACHINE_FIGURES, name);
export const isEnergyFigure = (name: string): name is EnergyFigureName => Object.hasOwn(ENERGY_FIGURES, name);

/** What a site footprint is allocated to jobs by: the machine hours, press sheets or kg of product a job takes. */
export const SITE_ALLOCATION_KEYS = ['machine_hours', 'sheets', 'kg'] as const;
export type SiteAllocationKey = (typeof SITE_ALLOCATION_KEYS)[number];

/** What a machine key may be: calculations store it as the chosen value of a machine field. */
export const MACHINE_KEY_PATTERN = /^[a-z0-9][a-z0-9_-]{0,59}$/;

export const MACHINE_SET_STATUSES = ['draft', 'published', 'archived'] as const;
export type MachineSetStatus = (typeof MACHINE_SET_STATUSES)[number];
