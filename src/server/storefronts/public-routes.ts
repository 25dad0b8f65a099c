/**
 * `/api/storefront/v1/{key}/…`: what a shop's page reaches with a storefront's publishable key, without sign-in or
 * cookies. The key sits in the path so that a browser's CORS preflight (which carries no credentials) already names the
 * storefront whose origins decide it. A key reads the storefront's form and quotes; it reads nothing else of the
 * mandant. An unknown, inactive or malformed key answers 404; a page of a foreign origin 403; too many quotes 429.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  StorefrontConfig,
  StorefrontQuote,
  StorefrontQuoteRequest,
  PUBLISHABLE_KEY_PREFIX,
  type StorefrontField,
  type StorefrontRecord,
} from '../../core/api';
import { NoContent, StringEnum, Type } from '../../core/api/schema';
import { LANGUAGES, isLanguage, type Language } from '../../core/languages';
import { localize } from '../../core/rules';
import { fieldTypeOf } from '../../core/field-types';
import type { Field } from '../../core/template';
import { localizeUnit, type UnitCatalog } from '../../core/template/units';
import { loadUnitCatalog } from '../units/catalog';
import type { DatabaseSchema } from '../db/schema';
import { errorAnswers, forbidden, HttpError, notFound } from '../http/errors';
import { typed } from '../http/typed-routes';
import { requestLanguage } from '../i18n/translate';
import { resolveFactorSet } from '../calculations/prepare';
import type { TemplateRegistry } from '../templates/registry';
import { offeredTemplate, topLevelFields } from './offers';
import { offerModel } from './offer-model';
import { computeQuote, offerPreset } from './quote';
import { resolveProductionSet } from '../machines/production';
import { QuoteRateLimit } from './rate-limit';
import { toStorefrontRecord } from './resource';
import { msg } from '../../core/i18n/error-keys';
import { translate } from '../../core/i18n/translate';

const KeyParams = Type.Object({ key: Type.String({ pattern: `^${PUBLISHABLE_KEY_PREFIX}[A-Za-z0-9_-]{32}$` }) });
const LangQuery = Type.Object({ lang: Type.Optional(StringEnum(LANGUAGES)) });
const ConfigQuery = Type.Object({
  lang: Type.Optional(StringEnum(LANGUAGES)),
  /** The template the page shows: its entry carries what computing it in the page needs. */
  template: Type.Optional(Type.String({ maxLength: 200 })),
});
const PREFLIGHT_MAX_AGE_S = 600;

/** The active storefront of a publishable key, or undefined. */
async function storefrontOf(db: Kysely<DatabaseSchema>, key: string): Promise<StorefrontRecord | undefined> {
  const row = await db.selectFrom('storefronts').selectAll().where('publishable_key', '=', key).executeTakeFirst();
  const storefront = row && toStorefrontRecord(row);
  return storefront?.active ? storefront : undefined;
}

const unknownKey = () => notFound('errors.storefronts.unknownKey');

/**
 * A browser request from a page not on the storefront's list is refused; a request without Origin (the shop's own
 * server, a test) is not a page and passes. The allowed origin is echoed, never `*`, and no credentials are allowed.
 */
function admitOrigin(storefront: StorefrontRecord, request: FastifyRequest, reply: FastifyReply): void {
  const origin = request.headers.origin;
  void reply.header('Vary', 'Origin');
  if (origin === undefined) return;
  if (!storefront.origins.includes(origin)) throw forbidden('errors.storefronts.originRefused');
  void reply.header('Access-Control-Allow-Origin', origin);
  void reply.header('Access-Control-Expose-Headers', 'Retry-After');
}

function numberRule(field: Field, name: 'min' | 'max'): number | null {
  for (const rule of field.rules ?? []) {
    const [head, args = ''] = rule.split(/:(.*)/s);
    const values = args.split(',').map(Number);
    if (head === name && Number.isFinite(values[0])) return values[0]!;
    if (head === 'between' && values.length === 2 && values.every(Number.isFinite))
      return name === 'min' ? values[0]! : values[1]!;
  }
  return null;
}

function fieldOf(
  field: Field,
  lang: Language,
  units: UnitCatalog,
  factorOptions: (category: string) => StorefrontField['options'],
): StorefrontField {
  const { choices } = fieldTypeOf(field.type);
  const options =
    choices === 'options'
      ? (field.options ?? []).map((option) => ({
          value: option.value,
          label: localize(option.label, lang, option.value),
        }))
      : choices === 'factors' && field.category
        ? factorOptions(field.category)
        : [];
  return {
    name: field.name,
    type: field.type,
    label: localize(field.label, lang, field.name),
    help: field.help ? localize(field.help, lang) : null,
    unit: field.unit ? localizeUnit(field.unit, lang, units) : null,
    min: numberRule(field, 'min'),
    max: numberRule(field, 'max'),
    step: field.type === 'integer' ? 1 : null,
    options,
    default: field.default ?? null,
  };
}

/** The calculator's texts (`storefronts.widget.*`), each with its placeholders kept for the widget to fill. */
const WIDGET_TEXTS: Record<string, readonly string[]> = {
  perUnit: ['value'],
  stages: [],
  contribution: ['tonnes', 'project', 'price'],
  contributionNote: [],
  demo: [],
  offline: [],
  differs: [],
};

function widgetTexts(lang: Language): Record<string, string> {
  return Object.fromEntries(
    Object.entries(WIDGET_TEXTS).map(([key, params]) => [
      key,
      translate(lang, `storefronts.widget.${key}`, Object.fromEntries(params.map((name) => [name, `%{${name}}`]))),
    ]),
  );
}

export function registerStorefrontPublicRoutes(
  app: FastifyInstance,
  db: Kysely<DatabaseSchema>,
  templates: TemplateRegistry,
  limits: { perAddress: number; perKey: number },
): void {
  const api = typed(app);
  const quotes = new QuoteRateLimit(limits.perAddress, limits.perKey);
  const tags = ['storefront'];

  for (const route of ['config', 'quotes'] as const) {
    api.options(
      `/api/storefront/v1/:key/${route}`,
      {
        schema: {
          tags,
          summary: 'CORS preflight of a shop page: allowed only from the storefront’s origins',
          params: KeyParams,
          response: { 204: NoContent, ...errorAnswers(400, 403, 404) },
        },
      },
      async (request, reply) => {
        const storefront = await storefrontOf(db, request.params.key);
        if (!storefront) throw unknownKey();
        admitOrigin(storefront, request, reply);
        return reply
          .header('Access-Control-Allow-Methods', 'GET, POST')
          .header('Access-Control-Allow-Headers', 'Content-Type, Accept-Language')
          .header('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_S))
          .status(204)
          .send();
      },
    );
  }

  api.get(
    '/api/storefront/v1/:key/config',
    {
      schema: {
        tags,
        summary: 'The storefront’s calculator: offered templates and the fields a customer sets, in one language',
        params: KeyParams,
        querystring: ConfigQuery,
        response: { 200: StorefrontConfig, ...errorAnswers(400, 403, 404) },
      },
    },
    async (request, reply): Promise<StorefrontConfig> => {
      const storefront = await storefrontOf(db, request.params.key);
      if (!storefront) throw unknownKey();
      admitOrigin(storefront, request, reply);
      const lang = request.query.lang ?? requestLanguage(request);
      const needsFactors = storefront.offers.length > 0;
      const factors = needsFactors ? await resolveFactorSet(db, storefront.mandant_id, undefined) : undefined;
      const factorOptions = (category: string) =>
        (factors?.factors ?? [])
          .filter((factor) => factor.category === category)
          .map((factor) => ({ value: factor.key, label: localize(factor.label, lang, factor.key) }));
      const units = await loadUnitCatalog(db);
      // Off, the config carries no factor value or machine figure at all: the page then waits for the server's quote.
      const computed =
        storefront.compute_in_page && storefront.offers.some((offer) => offer.template_id === request.query.template);
      const production = computed ? await resolveProductionSet(db, storefront.mandant_id) : undefined;
      const offered = storefront.offers.flatMap((offer) => {
        const template = offeredTemplate(templates, offer.template_id);
        if (!template) return [];
        const fields = topLevelFields(template);
        const model =
          factors && computed && offer.template_id === request.query.template
            ? offerModel(template, offer, offerPreset(template, offer, storefront.name), factors, production, lang)
            : undefined;
        return [
          {
            id: template.id,
            label: localize(template.label, lang, template.id),
            fields: offer.customer_fields.flatMap((name) => {
              const field = fields.get(name);
              return field ? [fieldOf(field, lang, units, factorOptions)] : [];
            }),
            ...(model && { model }),
          },
        ];
      });
      void reply.header('Cache-Control', 'no-cache');
      return {
        name: storefront.name,
        colour: storefront.colour,
        logo_url: storefront.logo_url,
        templates: offered,
        contribution: storefront.contribution_project_id !== null,
        texts: widgetTexts(lang),
      };
    },
  );

  api.post(
    '/api/storefront/v1/:key/quotes',
    {
      schema: {
        tags,
        summary: 'A customer’s footprint (and contribution price) for one offered template, valid for a stated time',
        params: KeyParams,
        querystring: LangQuery,
        body: StorefrontQuoteRequest,
        response: { 200: StorefrontQuote, ...errorAnswers(400, 403, 404, 429) },
      },
    },
    async (request, reply): Promise<StorefrontQuote> => {
      const storefront = await storefrontOf(db, request.params.key);
      if (!storefront) throw unknownKey();
      admitOrigin(storefront, request, reply);
      const wait = quotes.admit(storefront.publishable_key, request.ip);
      if (wait > 0) {
        void reply.header('Retry-After', String(wait));
        throw new HttpError(429, msg('errors.storefronts.tooManyQuotes', { smart_count: wait }));
      }
      const query = request.query.lang;
      const lang = isLanguage(query) ? query : requestLanguage(request);
      const { quote } = await computeQuote(db, templates, storefront, request.body, lang);
      return quote;
    },
  );
}
