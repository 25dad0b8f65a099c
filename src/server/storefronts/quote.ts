/**
 * A storefront's quote: the customer's inputs for the fields the storefront lets them set, the printer's fixed
 * values for the rest, computed exactly as a calculation of the mandant would be (its default factor database, its
 * current machine set), so the shop shows the figure the back office will store.
 */
import type { Kysely } from 'kysely';
import type { StorefrontOffer, StorefrontQuote, StorefrontRecord } from '../../core/api';
import { msg } from '../../core/i18n/error-keys';
import { translate } from '../../core/i18n/translate';
import type { Language, LocalizedText } from '../../core/languages';
import { localize } from '../../core/rules';
import { stageLabelKey, type CalculationInputs, type Template } from '../../core/template';
import { offerFigure, offerInputs } from '../../core/storefront-figure';
import { evaluateCalculation, type Evaluation } from '../calculations/evaluate';
import { resolveFactorSet } from '../calculations/prepare';
import type { DatabaseSchema } from '../db/schema';
import { parseJson, toBoolean } from '../db/values';
import { wordFault, wordFaults } from '../../core/i18n/fault';
import { badRequest, Refusal } from '../refusals';
import { resolveProductionSet } from '../machines/production';
import { orderedKg, priceMinor } from '../orders/quantity';
import type { TemplateRegistry } from '../templates/registry';
import { offeredTemplate, topLevelFields } from './offers';

/** How long a quoted figure and price hold: long enough to check out, short enough for a price change to arrive. */
export const QUOTE_VALIDITY_MS = 30 * 60_000;
/** A contribution is offered in whole kilograms: a shop's cart cannot sell fractions of a step. */
const CONTRIBUTION_STEP_KG = 1;

export interface PricedEvaluation {
  template: Template;
  evaluation: Evaluation;
  quote: StorefrontQuote;
}

/**
 * The inputs a quote computes with: the customer's for their fields, the printer's fixed values, and the template's
 * defaults for the rest (as a new calculation's form starts).
 */
export function quoteInputs(
  template: Template,
  offer: StorefrontOffer,
  sent: Record<string, unknown>,
  title: string,
): CalculationInputs {
  const allowed = new Set(offer.customer_fields);
  for (const name of Object.keys(sent)) {
    if (!allowed.has(name)) {
      const message = msg('errors.storefronts.fieldNotOffered', { field: name });
      throw badRequest(message, { [`inputs.${name}`]: message });
    }
  }
  return offerInputs(template, offerPreset(template, offer, title), sent);
}

/**
 * What the printer sets of an offer: its fixed values and, where the template has a job title, the storefront's name
 * (a template's title is the back office's; a quote is the storefront's job until the shop orders it).
 */
export function offerPreset(template: Template, offer: StorefrontOffer, title: string): Record<string, unknown> {
  return { ...(topLevelFields(template).has('title') ? { title } : {}), ...offer.fixed };
}

/** The offer of a template, or a 400 naming the templates the storefront has. */
export function findOffer(storefront: StorefrontRecord, templateId: string): StorefrontOffer {
  const offer = storefront.offers.find((entry) => entry.template_id === templateId);
  if (!offer) {
    const message = msg('errors.storefronts.templateNotOffered', { template: templateId });
    throw badRequest(message, { template: message });
  }
  return offer;
}

export async function computeQuote(
  db: Kysely<DatabaseSchema>,
  templates: TemplateRegistry,
  storefront: StorefrontRecord,
  body: { template: string; inputs: Record<string, unknown> },
  lang: Language,
  now = Date.now(),
): Promise<PricedEvaluation> {
  const offer = findOffer(storefront, body.template);
  const template = offeredTemplate(templates, offer.template_id);
  if (!template) throw badRequest(msg('errors.storefronts.templateNotOffered', { template: body.template }));
  const inputs = quoteInputs(template, offer, body.inputs, storefront.name);
  const factors = await resolveFactorSet(db, storefront.mandant_id, undefined);
  const production = await resolveProductionSet(db, storefront.mandant_id);
  const evaluation = evaluateCalculation(template, inputs, factors, production);
  const figure = offerFigure(template, evaluation.inputs, evaluation.results, evaluation.total);
  const quote: StorefrontQuote = {
    template: template.id,
    template_version: template.version,
    kg_co2e: figure.kg_co2e,
    kg_co2e_per_unit: figure.kg_co2e_per_unit,
    stages: figure.stages.map(({ stage, kg_co2e }) => ({
      stage,
      label: translate(lang, stageLabelKey(stage)),
      kg_co2e,
    })),
    database: `${factors.database.name} · ${factors.database.version_label}`,
    demo: factors.database.demo,
    contribution: await contributionOf(db, storefront, evaluation.total, lang),
    valid_until: new Date(now + QUOTE_VALIDITY_MS).toISOString(),
  };
  return { template, evaluation, quote };
}

async function contributionOf(
  db: Kysely<DatabaseSchema>,
  storefront: StorefrontRecord,
  totalKg: number,
  lang: Language,
): Promise<StorefrontQuote['contribution']> {
  if (storefront.contribution_project_id === null) return null;
  const project = await db
    .selectFrom('offset_projects')
    .select(['name', 'price_per_tonne_minor', 'currency', 'active'])
    .where('id', '=', storefront.contribution_project_id)
    .executeTakeFirst();
  if (!project || !toBoolean(project.active)) return null;
  const kg = orderedKg(totalKg, CONTRIBUTION_STEP_KG);
  return {
    project: localize(parseJson<LocalizedText | undefined>(project.name, undefined), lang, ''),
    tonnes: kg / 1000,
    price_minor: priceMinor(kg, project.price_per_tonne_minor),
    currency: project.currency,
  };
}

/**
 * Every offer must compute at its defaults and fixed values: a storefront whose first figure fails would greet each
 * customer with an error about a field only the printer can set. Throws 400 naming the offer and the fault.
 */
export async function checkOffersCompute(
  db: Kysely<DatabaseSchema>,
  templates: TemplateRegistry,
  mandantId: number,
  offers: readonly StorefrontOffer[],
  title: string,
  lang: Language,
): Promise<void> {
  if (offers.length === 0) return;
  const factors = await resolveFactorSet(db, mandantId, undefined);
  const production = await resolveProductionSet(db, mandantId);
  offers.forEach((offer, index) => {
    const template = offeredTemplate(templates, offer.template_id);
    if (!template) return;
    try {
      evaluateCalculation(template, quoteInputs(template, offer, {}, title), factors, production);
    } catch (problem) {
      if (!(problem instanceof Refusal) || problem.kind !== 'invalid') throw problem;
      const faults = Object.values(wordFaults(problem.faults ?? {}, lang));
      const message = msg('errors.storefronts.offerNotComputable', {
        template: offer.template_id,
        reason: faults.length > 0 ? faults.join(' ') : wordFault(problem.text, lang),
      });
      throw badRequest(message, { [`offers.${index}.fixed`]: message });
    }
  });
}
