/**
 * What a footprint report says (issue 21, item 5), as finished text in the report's language: the PDF draws it and
 * the verification page shows it, so both say exactly the same; a publication stores it frozen. Built from the
 * stored results (what the server computed), never from a live preview.
 */
import { selectCalculations } from '../calculations/state';
import type { Kysely } from 'kysely';
import type { CalculationRecord, SessionUser } from '../../core/api';
import type { FactorUse, ResultBreakdown } from '../../core/formula/compute';
import { formulaInputs, formulaInWords, formulaVocabulary, inputInWords } from '../../core/formula/words';
import { msg } from '../../core/i18n/error-keys';
import { findMessage, translate, type MessageParams } from '../../core/i18n/translate';
import '../../core/i18n/all-locales';
import type { Language, LocalizedText } from '../../core/languages';
import { formatFigure, formatNumber, formatPercent, formatSignificant } from '../../core/number-format';
import {
  breakdownContributions,
  declarationInWords,
  factorQuality,
  methodNotes,
  productionQuality,
  propagateUncertainty,
  qualityInWords,
  uncertaintyInWords,
  type MethodNotes,
  type QualityContribution,
  type QualitySay,
} from '../../core/data-quality';
import {
  ENERGY_FIGURES,
  productionFigureKey,
  productionFigureValue,
  productionSourceInWords,
  type ProductionUse,
} from '../../core/production';
import { localize } from '../../core/rules';
import { KG_CO2E, localizeUnit, type Template, type UnitCatalog } from '../../core/template';
import { toCalculationRecords } from '../calculations/record';
import { collectionCalculationIds } from '../collections/totals';
import type { DatabaseSchema } from '../db/schema';
import { isoNow, toBoolean } from '../db/values';
import { mixedBases, type CalculationBasis } from '../../core/mixed-bases';
import { mandantProfile } from '../mandants/resource';
import { notFound } from '../refusals';
import { scopeToMandant } from '../http/tenant-scope';
import type { TemplateRegistry } from '../templates/registry';
import { loadUnitCatalog } from '../units/catalog';

/** A factor or machine figure with where it comes from. */
export interface ReportFigure {
  label: string;
  value: string;
  source: string;
  year: string;
  region: string;
  /** The factor database or machine set, with its version. */
  version: string;
  /** A production figure's machine, or the electricity supplier: printed beside the figure's name. */
  machine?: string;
  /** Primary or secondary, age, geography, technology and the figure's uncertainty (absent in older publications). */
  quality?: string;
}

export interface ReportResult {
  label: string;
  value: string;
  formula: string;
  inputs: string[];
  factors: ReportFigure[];
  production: ReportFigure[];
}

/** A stage of the template's method: included with its results, or excluded with the reason. */
export interface ReportStage {
  label: string;
  included: boolean;
  reason: string | null;
  results: ReportResult[];
}

export interface ReportCalculation {
  number: string;
  title: string;
  customer: string | null;
  template: string;
  total: string;
  functionalUnit: string;
  systemBoundary: string;
  /** The template's stages; null: it states none, and `results` are listed ungrouped. */
  stages: ReportStage[] | null;
  /** Results no stage names (all of them when `stages` is null). */
  results: ReportResult[];
  database: string;
  /** The GWP set the database's factors use (e.g. "IPCC AR6 GWP100"), or the "not stated" text. */
  gwpSet?: string;
  machineSet: string | null;
  /** Computed with a database marked demo: its report carries the demo mark. */
  demo?: boolean;
  /** The total's uncertainty range and the share of primary data (absent in older publications). */
  uncertainty?: string;
  primaryShare?: string;
}

export interface ReportSnapshot {
  kind: 'report';
  language: Language;
  provider: string;
  mandant: string;
  /** What the report is about: a calculation's number and title, or a collection's name. */
  subject: string;
  /** When the figures were read (ISO). */
  date: string;
  total: string;
  /**
   * A single calculation's total per functional unit (per copy), rounded like `total`; absent for a collection and
   * for templates without a quantity.
   */
  perUnit?: string;
  /** Any figure rests on a database marked demo: the page and the PDF say "demo values, not for reports". */
  demo?: boolean;
  /** Texts saying which bases the calculations mix (factor databases, template versions, system boundaries). */
  mixed?: string[];
  /** The total's uncertainty range and the share of primary data in it (absent in older publications). */
  uncertainty?: string;
  primaryShare?: string;
  /** Uncertainty method, cut-off rule, known exclusions, biogenic carbon and allocation (absent in older publications). */
  notes?: MethodNotes;
  /** Every factor database, machine set and factor source the figures use, once. */
  dataSources: string[];
  calculations: ReportCalculation[];
}

type Say = (key: string, params?: MessageParams) => string;

/** `documents.report.<key>` in `language`. */
export const reportTexts =
  (language: Language): Say =>
  (key, params) =>
    translate(language, `documents.report.${key}`, params);

const kg = (value: number, lang: Language) => `${formatFigure(value, lang)} kg CO2e`;
/** Page 1's figures: to significant figures (the exact ones stay in the calculations and their details). */
const headlineKg = (value: number, lang: Language) => `${formatSignificant(value, lang)} kg CO2e`;
const qualitySay =
  (lang: Language): QualitySay =>
  (key, params) =>
    translate(lang, key, params);
const orUnknown = (value: string | number | null | undefined, unknown: string) =>
  value === null || value === undefined || value === '' ? unknown : String(value);

/** What one calculation's results and figures are worded with: the language, units, texts and the year of the report. */
interface Wording {
  lang: Language;
  units: UnitCatalog;
  say: Say;
  /** The year data quality is judged in (a figure's age). */
  referenceYear: number;
}

function factorFigure(factor: FactorUse, version: string, { lang, units, say, referenceYear }: Wording): ReportFigure {
  const unknown = say('unknown');
  return {
    quality: [
      qualityInWords(factorQuality(factor), referenceYear, lang, qualitySay(lang)),
      declarationInWords(factor, lang, qualitySay(lang)),
    ]
      .filter((words) => words !== null)
      .join(' · '),
    label: localize(factor.label, lang, factor.key),
    value: `${formatNumber(factor.value, lang, { maximumFractionDigits: 6 })} ${localizeUnit(KG_CO2E, lang, units)}/${localizeUnit(factor.unit, lang, units, 1)}`,
    source: orUnknown(factor.source, unknown),
    year: orUnknown(factor.year, unknown),
    region: orUnknown(factor.region, unknown),
    version,
  };
}

function productionFigure(use: ProductionUse, version: string, { lang, say, referenceYear }: Wording): ReportFigure {
  const unknown = say('unknown');
  return {
    quality: qualityInWords(productionQuality(use), referenceYear, lang, qualitySay(lang)),
    label: translate(lang, productionFigureKey(use)),
    ...(use.name && { machine: use.name }),
    value: productionFigureValue(use, formatNumber(use.value, lang, { maximumFractionDigits: 6 })),
    source: orUnknown(
      productionSourceInWords(use, lang, (key, params) => translate(lang, key, params)),
      unknown,
    ),
    year: orUnknown(use.year, unknown),
    region: orUnknown(use.region, unknown),
    version,
  };
}

function reportResult(
  entry: ResultBreakdown,
  record: CalculationRecord,
  template: Template | undefined,
  wording: Wording,
  location: ProductionUse | undefined,
): ReportResult {
  const { lang, units } = wording;
  const { results } = record;
  const inputs = record.inputs as Record<string, unknown>;
  const database = `${results.database.name} · ${results.database.version_label}`;
  const machineSet = results.machine_set ? `${results.machine_set.name} · ${results.machine_set.version_label}` : '';
  const words = (key: string) => translate(lang, `calculations.provenance.${key}`);
  const formula = template
    ? formulaInWords(
        entry.formula,
        formulaVocabulary(
          template,
          results.factors,
          lang,
          (name, params) => translate(lang, `calculations.provenance.words.${name}`, params),
          {
            figureLabel: (figure) => findMessage(lang, `machines.figures.${figure}`) ?? figure.replace(/_/g, ' '),
            dataLabel: (key) => findMessage(lang, `calculations.provenance.data.${key}`) ?? key.replace(/_/g, ' '),
          },
        ),
        (name) => (typeof inputs[name] === 'string' ? (inputs[name] as string) : undefined),
      )
    : entry.formula;
  const read = template ? formulaInputs(entry.formula, template) : [];
  return {
    label: localize(entry.label, lang, entry.name),
    value: `${formatFigure(entry.value, lang)} ${localizeUnit(entry.unit, lang, units, entry.value)}`,
    formula,
    inputs: read.map((input) => {
      const label = localize(input.field.label, lang, input.field.name);
      if (input.group) {
        const items = Array.isArray(inputs[input.group]) ? (inputs[input.group] as Record<string, unknown>[]) : [];
        const values = items.map((item) =>
          inputInWords(input.field, item[input.field.name], results.factors, lang, units, words, results.production),
        );
        return `${label}: ${values.length ? values.join(' · ') : words('not_given')}`;
      }
      const value = inputs[input.field.name];
      if (input.dataKey === undefined)
        return `${label}: ${inputInWords(input.field, value, results.factors, lang, units, words, results.production)}`;
      const option = input.field.options?.find((candidate) => candidate.value === value);
      const data = option?.data?.[input.dataKey];
      const source = option?.dataSources?.[input.dataKey];
      const figure = typeof data === 'number' ? formatNumber(data, lang, { maximumFractionDigits: 6 }) : String(data);
      return `${translate(lang, 'calculations.provenance.option_figure', {
        field: label,
        option: option ? localize(option.label, lang, option.value) : String(value ?? ''),
        key: findMessage(lang, `calculations.provenance.data.${input.dataKey}`) ?? input.dataKey.replace(/_/g, ' '),
        value: figure,
      })} (${words('source')}: ${source ?? words('unknown')})`;
    }),
    factors: entry.factors.map((factor) => factorFigure(factor, database, wording)),
    production: withLocationBased(entry.production ?? [], location).map((use) =>
      productionFigure(use, machineSet, wording),
    ),
  };
}

/**
 * Electricity side by side (issue 33, item 3): a result that read the market-based figure shows the location-based
 * grid factor of the same machine set beside it, unless its formula read that one too.
 */
function withLocationBased(uses: readonly ProductionUse[], location: ProductionUse | undefined): ProductionUse[] {
  if (!location || !uses.some((use) => use.ref === 'energy:electricity')) return [...uses];
  if (uses.some((use) => use.ref === location.ref)) return [...uses];
  const at = uses.findIndex((use) => use.ref === 'energy:electricity');
  return [...uses.slice(0, at + 1), location, ...uses.slice(at + 1)];
}

/** The location-based electricity figure of each machine set the records used, where the set records one. */
async function locationFigures(
  db: Kysely<DatabaseSchema>,
  records: readonly CalculationRecord[],
  known: ReadonlyMap<number, ProductionUse | undefined>,
): Promise<Map<number, ProductionUse | undefined>> {
  const ids = [...new Set(records.flatMap((record) => record.results.machine_set?.id ?? []))].filter(
    (id) => !known.has(id),
  );
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('machine_sets')
    .select([
      'id',
      'electricity_supplier',
      'electricity_location_factor',
      'electricity_location_source',
      'electricity_year',
      'electricity_region',
    ])
    .where('id', 'in', ids)
    .execute();
  const figures = new Map<number, ProductionUse | undefined>(ids.map((id) => [id, undefined]));
  for (const row of rows) {
    if (row.electricity_location_factor === null) continue;
    figures.set(Number(row.id), {
      ref: 'energy:electricity_location',
      name: row.electricity_supplier,
      figure: 'electricity_location',
      value: Number(row.electricity_location_factor),
      unit: ENERGY_FIGURES.electricity_location,
      source: row.electricity_location_source,
      year: row.electricity_year === null ? null : Number(row.electricity_year),
      region: row.electricity_region,
    });
  }
  return figures;
}

/** The template's own name for a stage when it gives one (plastic film and metal parts are not "paper"), else the catalogue's. */
function stageLabel(stage: { stage: string; label?: LocalizedText }, lang: Language): string {
  if (stage.label) return localize(stage.label, lang, stage.stage);
  return findMessage(lang, `documents.report.stages.${stage.stage}`) ?? stage.stage;
}

/** What a report says of a factor database beside its name: whether it is demo data and its GWP set. */
interface DatabaseFacts {
  demo: boolean;
  gwpSet: string | null;
}

export function reportCalculation(
  record: CalculationRecord,
  template: Template | undefined,
  lang: Language,
  units: UnitCatalog,
  facts: DatabaseFacts | undefined,
  referenceYear: number = new Date().getUTCFullYear(),
  /** The location-based electricity figure of the record's machine set, shown beside the market-based one. */
  location?: ProductionUse,
): ReportCalculation {
  const say = reportTexts(lang);
  const wording: Wording = { lang, units, say, referenceYear };
  const entries = record.results.breakdown.map((entry) => ({
    name: entry.name,
    result: reportResult(entry, record, template, wording, location),
  }));
  const uncertainty = propagateUncertainty(record.total_co2e, calculationContributions(record), referenceYear);
  const method = template?.method;
  const placed = new Set<string>();
  const stages = method
    ? method.stages.map((stage): ReportStage => {
        if (!stage.included)
          return {
            label: stageLabel(stage, lang),
            included: false,
            reason: localize(stage.reason, lang, ''),
            results: [],
          };
        stage.results.forEach((name) => placed.add(name));
        return {
          label: stageLabel(stage, lang),
          included: true,
          reason: null,
          results: entries.filter((entry) => stage.results.includes(entry.name)).map((entry) => entry.result),
        };
      })
    : null;
  const { database, machine_set: set } = record.results;
  return {
    number: record.number,
    title: record.title,
    customer: record.customer,
    template: template
      ? `${localize(template.label, lang, template.id)} (${say('templateVersion', { version: template.version })})`
      : record.template_id,
    total: kg(record.total_co2e, lang),
    functionalUnit: method ? localize(method.functionalUnit, lang, '') : say('functionalUnitGeneric'),
    systemBoundary: method ? localize(method.systemBoundary, lang, '') : say('systemBoundaryGeneric'),
    stages,
    results: entries.filter((entry) => !placed.has(entry.name)).map((entry) => entry.result),
    database: `${database.name} · ${database.version_label}`,
    gwpSet: facts?.gwpSet ?? say('gwpSetUnknown'),
    machineSet: set ? `${set.name} · ${set.version_label}` : null,
    demo: facts?.demo ?? false,
    uncertainty: uncertaintyInWords(uncertainty, 'kg CO2e', lang, qualitySay(lang)),
    primaryShare: formatPercent(uncertainty.primaryShare, lang),
  };
}

/** What a calculation's total rests on, its figures named uniquely across the calculations of a collection. */
export function calculationContributions(record: CalculationRecord): QualityContribution[] {
  const { breakdown, database, machine_set: set } = record.results;
  return breakdownContributions(breakdown, { database: database.id, machineSet: set?.id ?? null });
}

/** Per copy: the total over the quantity the calculation was made for; undefined where there is none. */
function perUnit(record: CalculationRecord, template: Template | undefined, lang: Language): string | undefined {
  const quantity = (record.inputs as Record<string, unknown>).quantity;
  if (!template?.method || typeof quantity !== 'number' || !(quantity > 0)) return undefined;
  const grams = (record.total_co2e / quantity) * 1000;
  return grams < 1000
    ? reportTexts(lang)('perCopy', { value: `${formatSignificant(grams, lang)} g CO2e` })
    : reportTexts(lang)('perCopy', { value: headlineKg(grams / 1000, lang) });
}

/** Demo mark and GWP set of each database the records were computed with. */
async function databaseFacts(
  db: Kysely<DatabaseSchema>,
  records: readonly CalculationRecord[],
  known: ReadonlyMap<number, DatabaseFacts> = new Map(),
): Promise<Map<number, DatabaseFacts>> {
  const ids = [...new Set(records.map((record) => record.results.database.id))].filter((id) => !known.has(id));
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('factor_databases')
    .select(['id', 'demo', 'gwp_set'])
    .where('id', 'in', ids)
    .execute();
  return new Map(
    rows.map((row) => [Number(row.id), { demo: toBoolean(row.demo), gwpSet: row.gwp_set ? row.gwp_set : null }]),
  );
}

/** What `mixedBases` compares of a calculation. */
function calculationBasis(record: CalculationRecord, template: Template | undefined): CalculationBasis {
  return {
    database_id: record.results.database.id,
    template_id: record.template_id,
    template_version: record.template_version,
    systemBoundary: template?.method?.systemBoundary.en,
  };
}

/** The provider's and the mandant's name, as a report's head names them. */
export async function reportIssuer(
  db: Kysely<DatabaseSchema>,
  mandantId: number,
): Promise<{ provider: string; mandant: string }> {
  const mandant = await mandantProfile(db, mandantId);
  return { mandant: mandant.name, provider: mandant.settings.provider_name ?? 'Kontor' };
}

async function calculationRecords(
  db: Kysely<DatabaseSchema>,
  templates: TemplateRegistry,
  user: SessionUser,
  ids: readonly number[],
): Promise<CalculationRecord[]> {
  if (ids.length === 0) return [];
  const rows = await scopeToMandant(selectCalculations(db), user, 'calculations.mandant_id')
    .where('calculations.id', 'in', [...ids])
    .orderBy('calculations.number')
    .execute();
  return toCalculationRecords(db, rows, (id, version) => templates.resolve(id, version));
}

function addDataSources(sources: Set<string>, records: readonly CalculationRecord[]): void {
  for (const record of records) {
    const { database, machine_set: set, factors, production } = record.results;
    sources.add(`${database.name} · ${database.version_label}`);
    if (set) sources.add(`${set.name} · ${set.version_label}`);
    for (const factor of factors) if (factor.source) sources.add(factor.source);
    for (const use of production ?? []) {
      if (use.source) sources.add(use.source);
      // A market-based figure names the residual mix it read beside the contract's own source.
      if (use.market?.residual_source) sources.add(use.market.residual_source);
    }
  }
}

/** Calculations read and turned into report text this many at a time, the event loop free in between. */
const REPORT_CHUNK = 50;

/** The report of one calculation or of a collection's calculations, in `language`; 404 for what the user cannot see. */
export async function buildReport(
  db: Kysely<DatabaseSchema>,
  templates: TemplateRegistry,
  user: SessionUser,
  subject: { type: 'calculations' | 'collections'; id: number },
  language: Language,
): Promise<{ snapshot: ReportSnapshot; mandantId: number; label: string; drafts: string[] }> {
  let ids: number[];
  let subjectText: string;
  let mandantId: number;
  let label: string;
  if (subject.type === 'calculations') {
    const record = (await calculationRecords(db, templates, user, [subject.id]))[0];
    if (!record) throw notFound(msg('errors.noRecord', { resource: 'calculations', id: subject.id }));
    subjectText = `${record.number} · ${record.title}`;
    mandantId = record.mandant_id;
    label = record.number;
    ids = [subject.id];
  } else {
    const collection = await scopeToMandant(db.selectFrom('collections'), user, 'mandant_id')
      .select(['id', 'name', 'mandant_id'])
      .where('id', '=', subject.id)
      .executeTakeFirst();
    if (!collection) throw notFound(msg('errors.noRecord', { resource: 'collections', id: subject.id }));
    mandantId = Number(collection.mandant_id);
    const members = (await collectionCalculationIds(db, mandantId, subject.id)) ?? [];
    // In number order first (ids only), then read in chunks: a thousand records at once held the heap and the
    // event loop for seconds (issue 32).
    const ordered =
      members.length === 0
        ? []
        : await scopeToMandant(db.selectFrom('calculations'), user, 'calculations.mandant_id')
            .select('calculations.id')
            .where('calculations.id', 'in', members)
            .orderBy('calculations.number')
            .execute();
    ids = ordered.map((row) => Number(row.id));
    subjectText = collection.name;
    label = collection.name;
  }
  const units = await loadUnitCatalog(db);
  const issuer = await reportIssuer(db, mandantId);
  let total = 0;
  const sources = new Set<string>();
  const calculations: ReportCalculation[] = [];
  const drafts: string[] = [];
  const bases: CalculationBasis[] = [];
  const facts = new Map<number, DatabaseFacts>();
  const locations = new Map<number, ProductionUse | undefined>();
  let demo = false;
  let unit: string | undefined;
  const date = isoNow();
  const referenceYear = new Date(date).getUTCFullYear();
  const contributions: QualityContribution[] = [];
  const excludedStages = new Set<string>();
  for (let start = 0; start < ids.length; start += REPORT_CHUNK) {
    const records = await calculationRecords(db, templates, user, ids.slice(start, start + REPORT_CHUNK));
    for (const [id, fact] of await databaseFacts(db, records, facts)) facts.set(id, fact);
    for (const [id, figure] of await locationFigures(db, records, locations)) locations.set(id, figure);
    addDataSources(sources, records);
    for (const record of records) {
      const template = templates.resolve(record.template_id, record.template_version);
      total += record.total_co2e;
      if (record.status === 'draft') drafts.push(record.number);
      if (facts.get(record.results.database.id)?.demo === true) demo = true;
      bases.push(calculationBasis(record, template));
      if (subject.type === 'calculations') unit = perUnit(record, template, language);
      for (const contribution of calculationContributions(record)) contributions.push(contribution);
      for (const stage of template?.method?.stages ?? []) if (!stage.included) excludedStages.add(stage.stage);
      calculations.push(
        reportCalculation(
          record,
          template,
          language,
          units,
          facts.get(record.results.database.id),
          referenceYear,
          record.results.machine_set ? locations.get(record.results.machine_set.id) : undefined,
        ),
      );
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  // A collection's figures shared by several calculations count once with all they carry (correlated).
  const uncertainty = propagateUncertainty(total, contributions, referenceYear);
  return {
    mandantId,
    label,
    drafts,
    snapshot: {
      kind: 'report',
      language,
      ...issuer,
      subject: subjectText,
      date,
      total: headlineKg(total, language),
      ...(unit !== undefined && { perUnit: unit }),
      uncertainty: uncertaintyInWords(uncertainty, 'kg CO2e', language, qualitySay(language)),
      primaryShare: formatPercent(uncertainty.primaryShare, language),
      notes: methodNotes(excludedStages, qualitySay(language)),
      demo,
      mixed: mixedBases(bases).map((basis) => translate(language, `documents.report.mixed.${basis}`)),
      dataSources: [...sources],
      calculations,
    },
  };
}
