/**
 * Storefronts (issue 39): a mandant's public calculator for its own web shop. The admin chooses which published
 * templates are offered, which of their fields a customer sets (every other field is fixed by the printer or left at
 * the template's default), the texts and look, and whether a climate contribution is offered. The shop's page reaches
 * Kontor with the storefront's publishable key, which reads and quotes only, from the origins listed here.
 */
import type { Static } from 'typebox';
import { LANGUAGES } from '../languages';
import type { Template } from '../template/types';
import {
  HexColour,
  MandantRecordHead,
  Nullable,
  Opaque,
  OptionalFields,
  RecordId,
  StringEnum,
  StringMap,
  Type,
  VersionedFields,
} from './schema';

/** A publishable key: `kontor_pk_` and 32 url-safe characters. It is not a secret; its origins bind it. */
export const PUBLISHABLE_KEY_PREFIX = 'kontor_pk_';
export const MAX_STOREFRONT_OFFERS = 20;
export const MAX_STOREFRONT_ORIGINS = 20;

/** One template a storefront offers. */
export const StorefrontOffer = Type.Object(
  {
    template_id: Type.String({ minLength: 1, maxLength: 100 }),
    /** The fields the customer sets (top-level field names of the template). */
    customer_fields: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 50 }),
    /** Values the printer fixes (its paper, machines, default legs), by field name. */
    fixed: StringMap(Type.Unknown()),
  },
  { additionalProperties: false },
);
export type StorefrontOffer = Static<typeof StorefrontOffer>;

/** An origin a shop page is served from: scheme, host and an optional port, nothing else. */
const Origin = Type.String({ pattern: '^https?://[a-zA-Z0-9.-]+(:[0-9]{1,5})?$', maxLength: 200 });
const Colour = HexColour();

const storefrontFields = {
  name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
  active: Type.Boolean(),
  offers: Type.Array(StorefrontOffer, { maxItems: MAX_STOREFRONT_OFFERS }),
  origins: Type.Array(Origin, { maxItems: MAX_STOREFRONT_ORIGINS }),
  colour: Colour,
  logo_url: Nullable(Type.String({ pattern: '^https://', maxLength: 500 })),
  /** The offset project a contribution goes to; null: no contribution offered. */
  contribution_project_id: Nullable(RecordId()),
  /**
   * Whether the shop's page computes the figure itself, for which the config carries factor values and machine
   * figures; off (a factor licence that forbids publishing single values), the calculator shows the server's quote only.
   */
  compute_in_page: Type.Boolean(),
};

/** `GET /api/storefronts`: a mandant's storefront. */
export const StorefrontRecord = Type.Object({
  ...MandantRecordHead,
  name: Type.String(),
  active: Type.Boolean(),
  offers: Type.Array(StorefrontOffer),
  origins: Type.Array(Type.String()),
  colour: Type.String(),
  logo_url: Nullable(Type.String()),
  contribution_project_id: Nullable(Type.Integer()),
  compute_in_page: Type.Boolean(),
  publishable_key: Type.String(),
  ...VersionedFields,
});
export type StorefrontRecord = Static<typeof StorefrontRecord>;

/** `POST /api/storefronts` (mandant admins; a provider admin names the mandant). */
export const CreateStorefrontRequest = Type.Object({
  ...storefrontFields,
  active: Type.Optional(Type.Boolean()),
  offers: Type.Optional(storefrontFields.offers),
  origins: Type.Optional(storefrontFields.origins),
  colour: Type.Optional(Colour),
  logo_url: Type.Optional(storefrontFields.logo_url),
  contribution_project_id: Type.Optional(storefrontFields.contribution_project_id),
  compute_in_page: Type.Optional(Type.Boolean()),
  mandant_id: Type.Optional(Nullable(RecordId())),
});
export type CreateStorefrontRequest = Static<typeof CreateStorefrontRequest>;

/** `PUT /api/storefronts/:id`. */
export const UpdateStorefrontRequest = Type.Object({
  ...OptionalFields(storefrontFields),
  version: Type.Optional(Type.Integer()),
});
export type UpdateStorefrontRequest = Static<typeof UpdateStorefrontRequest>;

/** `POST /api/storefront/v1/quotes`: a customer's inputs for one offered template. */
export const StorefrontQuoteRequest = Type.Object(
  {
    template: Type.String({ minLength: 1, maxLength: 100 }),
    inputs: StringMap(Type.Unknown()),
  },
  { additionalProperties: false },
);
export type StorefrontQuoteRequest = Static<typeof StorefrontQuoteRequest>;

/** A life-cycle stage's share of a quote. */
export const StorefrontQuoteStage = Type.Object({
  stage: Type.String(),
  label: Type.String(),
  kg_co2e: Type.Number(),
});

/** A climate contribution as a quote prices it and an order places it: the project, tonnes and price. */
const contributionPrice = {
  project: Type.String(),
  tonnes: Type.Number(),
  price_minor: Type.Integer(),
  currency: Type.String(),
};

/** The answer to a quote: the footprint and, where offered, the contribution's price. */
export const StorefrontQuote = Type.Object({
  template: Type.String(),
  template_version: Type.Integer(),
  kg_co2e: Type.Number(),
  /** Per copy (the template's quantity field), or null where the template has none. */
  kg_co2e_per_unit: Nullable(Type.Number()),
  stages: Type.Array(StorefrontQuoteStage),
  database: Type.String(),
  /** A database marked demo: its figures are not for reports, and the widget says so. */
  demo: Type.Boolean(),
  contribution: Nullable(Type.Object(contributionPrice)),
  /** Until when the figure and price hold (ISO 8601). */
  valid_until: Type.String(),
});
export type StorefrontQuote = Static<typeof StorefrontQuote>;

/** One field a customer sets, as the widget draws it. */
export const StorefrontField = Type.Object({
  name: Type.String(),
  type: Type.String(),
  label: Type.String(),
  help: Nullable(Type.String()),
  unit: Nullable(Type.String()),
  min: Nullable(Type.Number()),
  max: Nullable(Type.Number()),
  step: Nullable(Type.Number()),
  options: Type.Array(Type.Object({ value: Type.String(), label: Type.String() })),
  default: Type.Unknown(),
});
export type StorefrontField = Static<typeof StorefrontField>;

/**
 * What the calculator needs to compute an offer's figure in the shop's page with the shared engine
 * (core/storefront-figure.ts), and nothing more of the mandant (docs/storefront.md, "What the publishable key
 * reveals"): the template without its texts, the printer's preset values, the values of the factors the offer's
 * formulas can read, and of its machine set the figures of the machines the preset names, the electricity factors and
 * the site's overhead per allocated unit. Numbers people read stay with the quote the server confirms.
 */
export const StorefrontOfferModel = Type.Object({
  template: Opaque<Template>(),
  /** The printer's values: the offer's fixed fields and the job's title. */
  preset: Opaque<Record<string, unknown>>(),
  /** Factor key → value. */
  factors: StringMap(Type.Number()),
  production: Nullable(
    Type.Object({
      /** Machine key → its kind and figure → value. */
      machines: StringMap(Type.Object({ kind: Type.String(), figures: StringMap(Type.Number()) })),
      /** Energy figure (`electricity`, `electricity_location`) → kg CO2e/kWh. */
      energy: StringMap(Type.Number()),
      /** The site's kg CO2e per unit of its allocation key, when the set records a site footprint. */
      site: Nullable(Type.Object({ allocation_key: Type.String(), kg_co2e_per_unit: Type.Number() })),
    }),
  ),
  /** Stage → its name in the asked language, for the bar. */
  stage_labels: StringMap(Type.String()),
});
export type StorefrontOfferModel = Static<typeof StorefrontOfferModel>;

/** `GET /api/storefront/v1/config`: what the widget draws, in the asked language. */
export const StorefrontConfig = Type.Object({
  name: Type.String(),
  colour: Type.String(),
  logo_url: Nullable(Type.String()),
  templates: Type.Array(
    Type.Object({
      id: Type.String(),
      label: Type.String(),
      fields: Type.Array(StorefrontField),
      /** Only for the template the request names (`?template=`): what computing it in the page needs. */
      model: Type.Optional(StorefrontOfferModel),
    }),
  ),
  contribution: Type.Boolean(),
  /** The calculator's own texts in the asked language, `%{name}` placeholders left for it to fill. */
  texts: StringMap(Type.String()),
});
export type StorefrontConfig = Static<typeof StorefrontConfig>;

/** A secret key: `kontor_sk_` and 43 url-safe characters. Only its SHA-256 is stored; it is shown once. */
export const SECRET_KEY_PREFIX = 'kontor_sk_';
/** A storefront with more live secret keys than this is rotating too little, not integrating more. */
export const MAX_STOREFRONT_SECRET_KEYS = 10;
/** The channel a storefront's calculations and orders carry: `storefront:<id>`. */
export const STOREFRONT_CHANNEL_PREFIX = 'storefront:';
/**
 * The back office's channel in a list filter and a statistic's row: its calculations and orders carry no channel
 * (null), which a filter form cannot send; the list engine reads this word as "no channel" (core/lists/null-values.ts).
 */
export const BACK_OFFICE_CHANNEL = 'back-office';

/**
 * `GET /api/storefront-channels`: the storefronts a reader's records may come from, by name, for the lists' channel
 * filter. Every signed-in user of the mandant reads it (editors and viewers may not read the storefronts resource,
 * whose keys and origins are the admins'); a provider admin reads every mandant's.
 */
export const StorefrontChannel = Type.Object({
  id: RecordId(),
  name: Type.String(),
});
export type StorefrontChannel = Static<typeof StorefrontChannel>;

/** `GET /api/storefronts/:id/secret-keys`: a storefront's live secret keys, without the secrets. */
export const StorefrontSecretKeyRecord = Type.Object({
  id: RecordId(),
  storefront_id: Type.Integer(),
  name: Type.String(),
  /** The key's last four characters, to tell keys apart. */
  hint: Type.String(),
  created_at: Type.String(),
  last_used_at: Nullable(Type.String()),
});
export type StorefrontSecretKeyRecord = Static<typeof StorefrontSecretKeyRecord>;

/** `POST /api/storefronts/:id/secret-keys`. */
export const CreateStorefrontSecretKeyRequest = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }) },
  { additionalProperties: false },
);
export type CreateStorefrontSecretKeyRequest = Static<typeof CreateStorefrontSecretKeyRequest>;

/** The answer to creating a secret key: the only time the key itself is shown. */
export const CreatedStorefrontSecretKey = Type.Object({
  ...StorefrontSecretKeyRecord.properties,
  key: Type.String(),
});
export type CreatedStorefrontSecretKey = Static<typeof CreatedStorefrontSecretKey>;

/** `Idempotency-Key`: what a shop's server sends to make a retry safe (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = '^[A-Za-z0-9_.:-]{8,200}$';

/**
 * `POST /api/storefront/v1/orders` (the shop's server, with a secret key): the customer's inputs for one offered
 * template, computed as a quote is (fixed values and template defaults for the rest), the shop's order reference and
 * whether the customer chose the climate contribution.
 */
export const StorefrontOrderRequest = Type.Object(
  {
    ...StorefrontQuoteRequest.properties,
    reference: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
    contribution: Type.Optional(Type.Boolean()),
    /** The language of the verification page (default: the request's). */
    lang: Type.Optional(StringEnum(LANGUAGES)),
  },
  { additionalProperties: false },
);
export type StorefrontOrderRequest = Static<typeof StorefrontOrderRequest>;

/** The answer to an order: what the shop prints on its invoice or product. */
export const StorefrontOrder = Type.Object({
  /** The calculation's number, `K-<year>-<6 digits>`. */
  calculation: Type.String(),
  reference: Type.String(),
  channel: Type.String(),
  kg_co2e: Type.Number(),
  /** The verification page, readable without sign-in (for a QR code). */
  verification_url: Type.String(),
  /** The contribution order, where chosen. */
  contribution: Nullable(Type.Object({ order: Type.String(), ...contributionPrice })),
});
export type StorefrontOrder = Static<typeof StorefrontOrder>;

/** The events a storefront's webhooks carry. */
export const WEBHOOK_EVENTS = ['contribution.ordered', 'certificate.issued'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** A webhook's signing secret: `whsec_` and 43 url-safe characters, shown once. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const MAX_STOREFRONT_WEBHOOKS = 5;
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
/** Why an attempt got no answer to show: no answer in time, no connection, or an answered redirect (not followed). */
export const WEBHOOK_DELIVERY_ERRORS = ['timeout', 'network', 'redirect'] as const;

/** `GET /api/storefronts/:id/webhooks`: an endpoint, without its secret. */
export const StorefrontWebhookRecord = Type.Object({
  id: RecordId(),
  storefront_id: Type.Integer(),
  url: Type.String(),
  /** The signing secret's last four characters. */
  hint: Type.String(),
  created_at: Type.String(),
});
export type StorefrontWebhookRecord = Static<typeof StorefrontWebhookRecord>;

/** `POST /api/storefronts/:id/webhooks`: an http(s) address without user or password. */
export const CreateStorefrontWebhookRequest = Type.Object(
  { url: Type.String({ pattern: '^https?://[^\\s]+$', maxLength: 500 }) },
  { additionalProperties: false },
);
export type CreateStorefrontWebhookRequest = Static<typeof CreateStorefrontWebhookRequest>;

/** The answer to creating an endpoint: the only time its signing secret is shown. */
export const CreatedStorefrontWebhook = Type.Object({
  ...StorefrontWebhookRecord.properties,
  secret: Type.String(),
});
export type CreatedStorefrontWebhook = Static<typeof CreatedStorefrontWebhook>;

/** `GET /api/storefronts/:id/webhook-deliveries`: one event's delivery to one endpoint. */
export const StorefrontWebhookDeliveryRecord = Type.Object({
  id: RecordId(),
  webhook_id: Type.Integer(),
  url: Type.String(),
  event_id: Type.String(),
  event_type: StringEnum(WEBHOOK_EVENTS),
  status: StringEnum(WEBHOOK_DELIVERY_STATUSES),
  attempts: Type.Integer(),
  next_attempt_at: Nullable(Type.String()),
  last_attempt_at: Nullable(Type.String()),
  response_code: Nullable(Type.Integer()),
  /** At most 2 KB of the last response's body. */
  response_body: Nullable(Type.String()),
  error: Nullable(StringEnum(WEBHOOK_DELIVERY_ERRORS)),
  created_at: Type.String(),
});
export type StorefrontWebhookDeliveryRecord = Static<typeof StorefrontWebhookDeliveryRecord>;

/**
 * The body of every webhook (`Kontor-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`): numbers a
 * person reads, never database ids.
 */
export const StorefrontWebhookPayload = Type.Object({
  /** `evt_…`, the same in every attempt and in "send again": receivers drop an event they already have. */
  id: Type.String(),
  type: StringEnum(WEBHOOK_EVENTS),
  /** When the event happened (ISO 8601). */
  created: Type.String(),
  data: Type.Object({
    /** The calculation's number, `K-<year>-<6 digits>`. */
    calculation: Type.String(),
    /** The contribution order's number. */
    order: Type.String(),
    /** The shop's own order reference. */
    reference: Nullable(Type.String()),
    channel: Nullable(Type.String()),
    /** certificate.issued only: the certificate's number. */
    certificate: Nullable(Type.String()),
    /** The calculation's verification page, readable without sign-in. */
    verification_url: Nullable(Type.String()),
  }),
});
export type StorefrontWebhookPayload = Static<typeof StorefrontWebhookPayload>;
