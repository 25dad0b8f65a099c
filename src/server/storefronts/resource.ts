/**
 * `storefronts`: a mandant's public calculators on the simple-rest plumbing (tenant-scoped, every write with its
 * protocol entry and version). The publishable key is made on creation and never changes with an edit; the offers
 * are checked against the published templates, and the contribution project against the active catalogue.
 */
import {
  CreateStorefrontRequest,
  PUBLISHABLE_KEY_PREFIX,
  StorefrontRecord,
  UpdateStorefrontRequest,
} from '../../core/api';
import { newToken } from '../auth/tokens';
import { recordOfRow, toBoolean } from '../db/values';
import { changedColumns, columnValues } from '../http/column-values';
import { badRequest } from '../refusals';
import type { RestContext, RestResourceDefinition, Row } from '../http/rest-resource';
import { mandantForNewRow } from '../http/tenant-scope';
import type { TemplateRegistry } from '../templates/registry';
import { checkOffers } from './offers';
import { checkOffersCompute } from './quote';
import './schema';

export const toStorefrontRecord = recordOfRow(StorefrontRecord);

const JSON_COLUMNS = new Set(['offers', 'origins']);
const WRITABLE = Object.keys(UpdateStorefrontRequest.properties).filter((key) => key !== 'version');

/** Publishable keys are not secrets (the shop's page shows them), but must not be guessable into another's quotes. */
export const newPublishableKey = (): string => `${PUBLISHABLE_KEY_PREFIX}${newToken().slice(0, 32)}`;

async function checkProject(ctx: RestContext, id: number | null | undefined): Promise<void> {
  if (id === null || id === undefined) return;
  const project = await ctx.db.selectFrom('offset_projects').select('active').where('id', '=', id).executeTakeFirst();
  if (!project || !toBoolean(project.active)) {
    throw badRequest('errors.storefronts.unknownProject', {
      contribution_project_id: 'errors.storefronts.unknownProject',
    });
  }
}

function trimmedColumns(body: UpdateStorefrontRequest): Row {
  return columnValues({ ...body, name: body.name?.trim() }, WRITABLE, JSON_COLUMNS);
}

export function storefrontsResource(
  templates: TemplateRegistry,
): RestResourceDefinition<StorefrontRecord, typeof CreateStorefrontRequest, typeof UpdateStorefrontRequest> {
  return {
    name: 'storefronts',
    table: 'storefronts',
    tenantColumn: 'mandant_id',
    unlisted: ['offers', 'origins', 'publishable_key'],
    searchable: ['name'],
    access: 'storefronts',
    toRecord: toStorefrontRecord,
    recordSchema: StorefrontRecord,
    createSchema: CreateStorefrontRequest,
    updateSchema: UpdateStorefrontRequest,
    async beforeCreate(body, ctx) {
      const mandantId = mandantForNewRow(ctx.user, body.mandant_id);
      if (mandantId === null)
        throw badRequest('errors.storefronts.mandantRequired', { mandant_id: 'errors.storefronts.mandantRequired' });
      const offers = body.offers ?? [];
      checkOffers(templates, offers);
      await checkOffersCompute(ctx.db, templates, mandantId, offers, body.name, ctx.user.language);
      await checkProject(ctx, body.contribution_project_id);
      return {
        active: true,
        offers: '[]',
        origins: '[]',
        colour: '#2e7d32',
        logo_url: null,
        contribution_project_id: null,
        compute_in_page: true,
        ...trimmedColumns(body),
        mandant_id: mandantId,
        publishable_key: newPublishableKey(),
      };
    },
    async beforeUpdate(body, existing, ctx) {
      if (body.offers) {
        checkOffers(templates, body.offers);
        await checkOffersCompute(
          ctx.db,
          templates,
          existing.mandant_id,
          body.offers,
          body.name ?? existing.name,
          ctx.user.language,
        );
      }
      if (body.contribution_project_id !== existing.contribution_project_id)
        await checkProject(ctx, body.contribution_project_id);
      return changedColumns(trimmedColumns(body), existing, JSON_COLUMNS);
    },
  };
}
