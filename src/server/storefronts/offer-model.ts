/**
 * What a shop's page needs to compute an offer's figure itself, with the shared engine (issue 39): the template
 * without its texts, the printer's preset, and of the mandant's factor database and machine set only the values the
 * offer's formulas can read. The publishable key is public (it sits in the shop's page), so this is what anybody may
 * read: docs/storefront.md, "What the publishable key reveals". A value left out costs no wrong figure: the engine
 * then raises an unknown factor or machine and the widget shows the server's quote instead.
 */
import type { StorefrontOffer, StorefrontOfferModel } from '../../core/api';
import { translate } from '../../core/i18n/translate';
import type { Language, LocalizedText } from '../../core/languages';
import { ENERGY_FIGURES, isEnergyFigure } from '../../core/production';
import { offerInputs } from '../../core/storefront-figure';
import { fieldTypeOf } from '../../core/field-types';
import { defaultItem, getCompiledTemplate, stageLabelKey, type Field, type Template } from '../../core/template';
import type { FactorSet } from '../factors/factor-set';
import type { ProductionSet } from '../machines/production';

const NO_TEXT: LocalizedText = { de: '', en: '', fr: '', it: '', es: '' };

/** The template as the engine compiles it, without labels, help, sources or list settings: texts stay the config's. */
export function computableTemplate(template: Template): Template {
  const field = (entry: Field): Field => ({
    name: entry.name,
    type: entry.type,
    label: NO_TEXT,
    ...(entry.unit !== undefined && { unit: entry.unit }),
    ...(entry.rules && { rules: entry.rules }),
    ...(entry.default !== undefined && { default: entry.default }),
    ...(entry.options && {
      options: entry.options.map(({ value, data, factor }) => ({
        value,
        label: NO_TEXT,
        ...(data && { data }),
        ...(factor !== undefined && { factor }),
      })),
    }),
    ...(entry.category !== undefined && { category: entry.category }),
    ...(entry.machineKind !== undefined && { machineKind: entry.machineKind }),
    ...(entry.visibleIf !== undefined && { visibleIf: entry.visibleIf }),
    ...(entry.informational !== undefined && { informational: entry.informational }),
  });
  return {
    id: template.id,
    version: template.version,
    type: template.type,
    icon: template.icon,
    label: NO_TEXT,
    groups: template.groups.map(({ id, repeatable, min, max, fields }) => ({
      id,
      label: NO_TEXT,
      ...(repeatable !== undefined && { repeatable }),
      ...(min !== undefined && { min }),
      ...(max !== undefined && { max }),
      fields: fields.map(field),
    })),
    results: template.results.map(({ name, unit, formula, primary }) => ({
      name,
      label: NO_TEXT,
      unit,
      formula,
      ...(primary !== undefined && { primary }),
    })),
    ...(template.constants && {
      constants: template.constants.map(({ name, value, unit }) => ({
        name,
        label: NO_TEXT,
        value,
        source: '',
        ...(unit !== undefined && { unit }),
      })),
    }),
    list: { columns: [] },
    ...(template.method && {
      method: {
        functionalUnit: NO_TEXT,
        systemBoundary: NO_TEXT,
        stages: template.method.stages.map((stage) =>
          stage.included
            ? { stage: stage.stage, included: true as const, results: stage.results }
            : { stage: stage.stage, included: false as const, reason: NO_TEXT },
        ),
      },
    }),
  };
}

/** Values a field of the template holds at the preset and defaults: top-level, and in each repeatable group's items. */
function presetValues(template: Template, preset: Record<string, unknown>, field: Field, groupId: string | null) {
  if (groupId === null) return [offerInputs(template, preset, {})[field.name], field.default];
  const items = preset[groupId];
  const given = Array.isArray(items) ? (items as Record<string, unknown>[]).map((item) => item?.[field.name]) : [];
  return [...given, defaultItem(template, groupId)[field.name]];
}

/** The factor keys and machine keys the offer's formulas can read, for any value the customer may choose. */
function reachableKeys(
  template: Template,
  offer: StorefrontOffer,
  preset: Record<string, unknown>,
  factors: FactorSet,
) {
  const factorKeys = new Set<string>();
  const machineKeys = new Set<string>();
  const customer = new Set(offer.customer_fields);
  for (const group of template.groups) {
    const groupId = group.repeatable ? group.id : null;
    for (const field of group.fields) {
      const values = presetValues(template, preset, field, groupId);
      const { choices } = fieldTypeOf(field.type);
      if (choices === 'factors') {
        if (groupId === null && customer.has(field.name) && field.category)
          for (const key of factors.keysByCategory[field.category] ?? []) factorKeys.add(key);
        for (const value of values) if (typeof value === 'string') factorKeys.add(value);
      } else if (choices === 'options') {
        for (const option of field.options ?? []) if (option.factor) factorKeys.add(option.factor);
      } else if (choices === 'machines') {
        for (const value of values) if (typeof value === 'string') machineKeys.add(value);
      }
    }
  }
  // The keys `factor('…')` names, as the engine parsed them (the template compiler's check collects them).
  for (const result of getCompiledTemplate(template).results) for (const key of result.factorKeys) factorKeys.add(key);
  return { factorKeys, machineKeys };
}

function productionModel(
  template: Template,
  machineKeys: ReadonlySet<string>,
  production: ProductionSet | undefined,
): StorefrontOfferModel['production'] {
  if (!production) return null;
  const calls = new Set(getCompiledTemplate(template).results.flatMap((result) => result.calls));
  const machines: NonNullable<StorefrontOfferModel['production']>['machines'] = {};
  for (const key of machineKeys) {
    const machine = production.data.machine(key);
    if (!machine) continue;
    const figures: Record<string, number> = {};
    for (const [name, figure] of Object.entries(machine.figures))
      if (typeof figure?.value === 'number') figures[name] = figure.value;
    machines[key] = { kind: machine.kind, figures };
  }
  const energy: Record<string, number> = {};
  if (calls.has('energy'))
    for (const name of Object.keys(ENERGY_FIGURES)) {
      const value = isEnergyFigure(name) ? production.data.energy(name)?.value : undefined;
      if (typeof value === 'number' && Number.isFinite(value)) energy[name] = value;
    }
  const site = calls.has('overhead') ? production.data.site?.() : undefined;
  return {
    machines,
    energy,
    // The share per allocated unit only: the site's annual total and amount are the printer's business.
    site:
      site && site.annualAmount > 0
        ? { allocation_key: site.allocationKey, kg_co2e_per_unit: site.annualKgCo2e / site.annualAmount }
        : null,
  };
}

export function offerModel(
  template: Template,
  offer: StorefrontOffer,
  preset: Record<string, unknown>,
  factors: FactorSet,
  production: ProductionSet | undefined,
  lang: Language,
): StorefrontOfferModel {
  const { factorKeys, machineKeys } = reachableKeys(template, offer, preset, factors);
  const values: Record<string, number> = {};
  for (const key of [...factorKeys].sort()) {
    const factor = factors.lookup(key);
    if (factor && Number.isFinite(factor.value)) values[key] = factor.value;
  }
  const stageLabels: Record<string, string> = {};
  for (const stage of template.method?.stages ?? [])
    if (stage.included) stageLabels[stage.stage] = translate(lang, stageLabelKey(stage.stage));
  return {
    template: computableTemplate(template),
    preset,
    factors: values,
    production: productionModel(template, machineKeys, production),
    stage_labels: stageLabels,
  };
}
