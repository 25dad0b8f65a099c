/**
 * Data quality and uncertainty of a footprint (issue 33, item 5), the same on screen, in the PDF and on the
 * verification page. Method (docs/data-quality.md): every figure a result read gets a relative uncertainty from a
 * pedigree-style table (basis, age, geography, technology; the indicators' percentages combined as the root sum of
 * squares), and the total's uncertainty is the root sum of squares of each figure's uncertainty times the emissions
 * that rest on it. Pure: no I/O, shared by client and server.
 */
import type { ResultBreakdown } from './formula/compute';
import type { Language } from './languages';
import { formatPercent, formatSignificant, RANGE_DIGITS } from './number-format';
import type { ProductionUse } from './production';
import type { FactorInfo } from './template/types';
import {
  DATA_TYPES,
  DECLARATION_KINDS,
  TECHNOLOGIES,
  type DataType,
  type DeclarationKind,
  type Technology,
} from './data-quality-names';

/** The names (kept apart so the API contract reads them without this computation) are this module's too. */
export * from './data-quality-names';

export const DEFAULT_DATA_TYPE: DataType = 'secondary';
export const DEFAULT_TECHNOLOGY: Technology = 'average';

export interface FigureQuality {
  dataType: DataType;
  /** The year the figure refers to; null: not recorded. */
  year: number | null;
  region: string | null;
  technology: Technology;
}

export type Geography = 'site' | 'country' | 'region' | 'unknown';

/**
 * The pedigree-style table, in percent of the figure (one standard-uncertainty-like half-width). Simplified from the
 * pedigree matrix of Weidema & Wesnæs (1996) as ecoinvent uses it: four indicators instead of five, and additive
 * percentages combined in quadrature instead of lognormal variances — enough to rank and bound, not a statistic.
 */
export const PEDIGREE = {
  basis: { primary: 5, secondary: 10 } satisfies Record<DataType, number>,
  /** [at most this many years old, percent]; older or unknown: `ageUnknown`. */
  age: [
    [3, 0],
    [6, 5],
    [10, 10],
  ] as const,
  ageUnknown: 20,
  geography: { site: 0, country: 0, region: 5, unknown: 10 } satisfies Record<Geography, number>,
  technology: { specific: 0, average: 10, proxy: 30 } satisfies Record<Technology, number>,
} as const;

/** The share of the total not traced to any figure is given the worst class (secondary, unknown age and region, proxy). */
export const UNATTRIBUTED: FigureQuality = { dataType: 'secondary', year: null, region: null, technology: 'proxy' };

const isDataType = (value: unknown): value is DataType => DATA_TYPES.includes(value as DataType);
const isTechnology = (value: unknown): value is Technology => TECHNOLOGIES.includes(value as Technology);
const isDeclarationKind = (value: unknown): value is DeclarationKind =>
  DECLARATION_KINDS.includes(value as DeclarationKind);

/** A figure's geography class: primary data is measured at the site; `DE` a country; `EU`, `global` a region. */
export function geographyOf(quality: Pick<FigureQuality, 'dataType' | 'region'>): Geography {
  if (quality.dataType === 'primary') return 'site';
  const region = quality.region?.trim() ?? '';
  if (region === '') return 'unknown';
  if (/^[A-Z]{2}$/.test(region) && region !== 'EU') return 'country';
  return /^(global|world|glo|row)$/i.test(region) ? 'unknown' : 'region';
}

export function ageClass(year: number | null, referenceYear: number): number {
  if (year === null || !Number.isFinite(year)) return PEDIGREE.ageUnknown;
  const age = Math.max(0, referenceYear - year);
  for (const [limit, percent] of PEDIGREE.age) if (age <= limit) return percent;
  return PEDIGREE.ageUnknown;
}

/** A figure's relative uncertainty (0.14 = ±14 %) in `referenceYear` (the year the figures are reported in). */
export function figureUncertainty(quality: FigureQuality, referenceYear: number): number {
  const parts = [
    PEDIGREE.basis[quality.dataType],
    ageClass(quality.year, referenceYear),
    PEDIGREE.geography[geographyOf(quality)],
    PEDIGREE.technology[quality.technology],
  ];
  return Math.sqrt(parts.reduce((sum, part) => sum + part * part, 0)) / 100;
}

/**
 * A factor's data quality; factors stored before the attributes existed read as the defaults (secondary, average).
 * A figure from the mill's own declaration is the supplier's primary data for this very paper, whatever the factor's
 * other attributes say.
 */
export function factorQuality(
  factor: Pick<FactorInfo, 'year' | 'region' | 'data_type' | 'technology' | 'declaration_kind'>,
): FigureQuality {
  const declared = isDeclarationKind(factor.declaration_kind);
  return {
    dataType: declared ? 'primary' : isDataType(factor.data_type) ? factor.data_type : DEFAULT_DATA_TYPE,
    year: factor.year ?? null,
    region: factor.region ?? null,
    technology: declared ? 'specific' : isTechnology(factor.technology) ? factor.technology : DEFAULT_TECHNOLOGY,
  };
}

/**
 * A declared factor's declaration in words, or null for a factor no mill declared: "mill's declaration (EPD) ·
 * biogenic CO2 1.4 kg/kg, reported apart, not in the total · delivery to the printer included in the figure". Delivery
 * is only stated: a template that also charges the paper's transport counts it twice (issue 33 leaves that open).
 */
export function declarationInWords(
  factor: Pick<FactorInfo, 'declaration_kind' | 'biogenic_co2' | 'delivery_included' | 'unit'>,
  lang: Language,
  say: QualitySay,
): string | null {
  if (!isDeclarationKind(factor.declaration_kind)) return null;
  const biogenic = factor.biogenic_co2;
  const delivery = factor.delivery_included;
  return [
    say('dataQuality.declaration.kind', { kind: say(`dataQuality.declaration.kinds.${factor.declaration_kind}`) }),
    biogenic === null || biogenic === undefined
      ? say('dataQuality.declaration.biogenicUnknown')
      : say('dataQuality.declaration.biogenic', {
          value: formatSignificant(biogenic, lang, 3),
          unit: factor.unit,
        }),
    say(
      delivery === true
        ? 'dataQuality.declaration.deliveryIncluded'
        : delivery === false
          ? 'dataQuality.declaration.deliveryExcluded'
          : 'dataQuality.declaration.deliveryUnknown',
    ),
  ].join(' · ');
}

/**
 * A machine figure or the electricity contract's factor: the mandant's own (supplier-specific) data, primary. The
 * location-based grid factor beside it (issue 33, item 3) is the region's average, secondary data.
 */
export function productionQuality(use: Pick<ProductionUse, 'year' | 'region'> & { figure?: string }): FigureQuality {
  if (use.figure === 'electricity_location')
    return { dataType: 'secondary', year: use.year ?? null, region: use.region ?? null, technology: 'average' };
  return { dataType: 'primary', year: use.year ?? null, region: use.region ?? null, technology: 'specific' };
}

/** A figure read, named uniquely over everything propagated together (a collection: database and set included). */
export interface QualityFigure {
  id: string;
  quality: FigureQuality;
}

/** Emissions (kg CO2e) of one result and the figures they rest on. */
export interface QualityContribution {
  value: number;
  figures: readonly QualityFigure[];
}

/**
 * The results whose own formula read a figure, in kg CO2e, as contributions to the total. A result that sums or
 * scales other results (stage subtotals, the total, per piece) reads none and is left out, so nothing counts twice.
 */
export function breakdownContributions(
  breakdown: readonly ResultBreakdown[],
  scope: { database: number | string; machineSet?: number | string | null },
): QualityContribution[] {
  const contributions: QualityContribution[] = [];
  for (const entry of breakdown) {
    if (entry.primary || entry.unit !== 'kg CO2e') continue;
    const figures: QualityFigure[] = [
      ...entry.factors.map((factor) => ({
        id: `factor:${scope.database}:${factor.key}`,
        quality: factorQuality(factor),
      })),
      ...(entry.production ?? []).map((use) => ({
        id: `production:${scope.machineSet ?? ''}:${use.ref}`,
        quality: productionQuality(use),
      })),
    ];
    if (figures.length) contributions.push({ value: entry.value, figures });
  }
  return contributions;
}

export interface Uncertainty {
  total: number;
  /** Relative half-width of the range (0.15 = ±15 %). */
  relative: number;
  low: number;
  high: number;
  /** Share of the total resting on primary data only (0…1). */
  primaryShare: number;
  /** Share of the total no figure was traced to (given the UNATTRIBUTED class). */
  unattributedShare: number;
}

/** Below this share of the total, a difference between the contributions and the total is rounding, not a gap. */
const UNATTRIBUTED_TOLERANCE = 0.005;

/**
 * Propagates the figures' uncertainties to `total`. Each figure's sensitivity is the sum of the emissions of the
 * results that read it (a product of figures moves one for one with each of them; for a sum of terms this
 * overstates, on the safe side), so a figure read by several results — or by several calculations of a collection —
 * counts once with all it carries: its errors are correlated, not independent. The figures are taken as independent
 * of each other: u(total) = √Σ (u_f · S_f)². A result is primary data when every figure it read is primary.
 */
export function propagateUncertainty(
  total: number,
  contributions: readonly QualityContribution[],
  referenceYear: number,
): Uncertainty {
  const sensitivity = new Map<string, { quality: FigureQuality; carried: number }>();
  let attributed = 0;
  let primary = 0;
  for (const contribution of contributions) {
    attributed += contribution.value;
    if (contribution.figures.every((figure) => figure.quality.dataType === 'primary')) primary += contribution.value;
    for (const figure of contribution.figures) {
      const known = sensitivity.get(figure.id);
      if (known) known.carried += contribution.value;
      else sensitivity.set(figure.id, { quality: figure.quality, carried: contribution.value });
    }
  }
  const scale = Math.abs(total);
  let rest = total - attributed;
  if (scale === 0 || Math.abs(rest) <= UNATTRIBUTED_TOLERANCE * scale) rest = 0;
  if (rest !== 0) sensitivity.set('unattributed', { quality: UNATTRIBUTED, carried: rest });
  let variance = 0;
  for (const { quality, carried } of sensitivity.values())
    variance += (figureUncertainty(quality, referenceYear) * carried) ** 2;
  const absolute = Math.sqrt(variance);
  const relative = scale === 0 ? 0 : absolute / scale;
  return {
    total,
    relative,
    low: Math.max(0, total - absolute),
    high: total + absolute,
    primaryShare: scale === 0 ? 0 : Math.min(1, Math.max(0, primary / total)),
    unattributedShare: scale === 0 ? 0 : Math.abs(rest) / scale,
  };
}

/** A message of the catalogue (`dataQuality.*`) in the reader's language. */
export type QualitySay = (key: string, params?: Record<string, string | number>) => string;

function ageWords(year: number | null, referenceYear: number, say: QualitySay): string {
  if (year === null || !Number.isFinite(year)) return say('dataQuality.age.unknown');
  const age = Math.max(0, referenceYear - year);
  const band = age <= 3 ? 'recent' : age <= 6 ? 'middle' : age <= 10 ? 'old' : 'outdated';
  return say(`dataQuality.age.${band}`, { year });
}

/** One figure's data quality in words: "secondary · 2024 (≤ 3 years) · country: DE · average of its kind · ±14 %". */
export function qualityInWords(quality: FigureQuality, referenceYear: number, lang: Language, say: QualitySay): string {
  const geography = geographyOf(quality);
  return [
    say(`dataQuality.type.${quality.dataType}`),
    ageWords(quality.year, referenceYear, say),
    say(`dataQuality.geography.${geography}`, { region: quality.region ?? '' }),
    say(`dataQuality.technology.${quality.technology}`),
    `±${formatPercent(figureUncertainty(quality, referenceYear), lang)}`,
  ].join(' · ');
}

/** The range in words: "±14 % (250 – 330 kg CO2e)", bounds to RANGE_DIGITS significant figures. */
export function uncertaintyInWords(uncertainty: Uncertainty, unit: string, lang: Language, say: QualitySay): string {
  return say('dataQuality.range', {
    percent: formatPercent(uncertainty.relative, lang),
    low: formatSignificant(uncertainty.low, lang, RANGE_DIGITS),
    high: formatSignificant(uncertainty.high, lang, RANGE_DIGITS),
    unit,
  });
}

/** The stages a template may exclude for which the catalogue states an estimated size. */
const EXCLUDED_STAGE_SIZES = new Set(['end_of_life', 'use']);

/** What every footprint says about its method beyond the stages: how uncertain, what is cut off, and how. */
export interface MethodNotes {
  uncertaintyMethod: string;
  cutOff: string;
  /** Each known exclusion with its estimated size. */
  exclusions: string[];
  biogenic: string;
  allocation: string;
}

/**
 * The method notes in the reader's language. `excludedStages`: the stage keys the calculations' templates exclude;
 * those with a known size are listed beside the exclusions every template shares.
 */
export function methodNotes(excludedStages: Iterable<string>, say: QualitySay): MethodNotes {
  const stages = [...new Set(excludedStages)].filter((stage) => EXCLUDED_STAGE_SIZES.has(stage)).sort();
  return {
    uncertaintyMethod: say('dataQuality.method'),
    cutOff: say('dataQuality.cutOff'),
    exclusions: [
      ...stages.map((stage) => say(`dataQuality.exclusions.${stage}`)),
      say('dataQuality.exclusions.capital_goods'),
      say('dataQuality.exclusions.site_overhead'),
      say('dataQuality.exclusions.commuting'),
    ],
    biogenic: say('dataQuality.biogenic'),
    allocation: say('dataQuality.allocation'),
  };
}
