/**
 * The demo storefront: Muster's flyer calculator for the example shop (examples/storefront, port 4000), with a
 * climate contribution to the first demo project. Its key is random, shown on /storefronts.
 */
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { isoNow } from '../db/values';
import { newPublishableKey } from './resource';
import './schema';

export const DEMO_STOREFRONT_OFFER = {
  template_id: 'flyer',
  customer_fields: ['quantity', 'format', 'paper', 'grammage'],
  fixed: { transport: [{ mode: 'road_freight_truck', distance_km: 80 }] },
};

export async function seedDemoStorefront(db: Kysely<DatabaseSchema>, mandantId: number | undefined): Promise<void> {
  if (mandantId === undefined) return;
  const project = await db.selectFrom('offset_projects').select('id').orderBy('id').executeTakeFirst();
  const now = isoNow();
  await db
    .insertInto('storefronts')
    .values({
      mandant_id: mandantId,
      name: 'Muster Webshop',
      active: true,
      offers: JSON.stringify([DEMO_STOREFRONT_OFFER]),
      origins: JSON.stringify(['http://localhost:4000', 'http://127.0.0.1:4000']),
      colour: '#2e7d32',
      logo_url: null,
      contribution_project_id: project?.id ?? null,
      publishable_key: newPublishableKey(),
      created_at: now,
      updated_at: now,
    })
    .execute();
}
