/**
 * Figures split by channel (issue 39): the back office beside each storefront its calculations and offsetting orders
 * came through. A row's `channel` is the channel's name in the reader's language (the back office in words, a
 * storefront by its name), `channel_key` what the lists' channel filter takes (`back-office`, `storefront:<id>`).
 */
import type { Kysely } from 'kysely';
import { BACK_OFFICE_CHANNEL, STOREFRONT_CHANNEL_PREFIX, type SessionUser } from '../../core/api';
import { translate } from '../../core/i18n/translate';
import '../../core/i18n/all-locales';
import type { Language } from '../../core/languages';
import type { DatabaseSchema } from '../db/schema';
import { scopeToMandant } from '../http/tenant-scope';
import { co2eByChannel } from './calculations';
import { offsetsByChannel } from './orders';
import type { StatisticsQuery } from './query';

type Db = Kysely<DatabaseSchema>;

interface ChannelRow {
  [key: string]: string | number;
  channel: string;
  channel_key: string;
  calculations: number;
  co2e_kg: number;
  orders: number;
  offset_kg: number;
}

const storefrontId = (key: string) =>
  key.startsWith(STOREFRONT_CHANNEL_PREFIX) ? Number(key.slice(STOREFRONT_CHANNEL_PREFIX.length)) : NaN;

/** The names of the storefronts the rows name, as the reader may see them (a storefront since deleted: its number). */
async function storefrontNames(db: Db, user: SessionUser, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await scopeToMandant(
    db.selectFrom('storefronts').select(['storefronts.id', 'storefronts.name']).where('storefronts.id', 'in', ids),
    user,
    'storefronts.mandant_id',
  ).execute();
  return new Map(rows.map((row) => [Number(row.id), String(row.name)]));
}

/** The back office first, then the storefronts by their kg CO2e (largest first) and key. */
export async function figuresByChannel(
  db: Db,
  user: SessionUser,
  query: StatisticsQuery,
  language: Language,
): Promise<ChannelRow[]> {
  const [calculated, offset] = await Promise.all([co2eByChannel(db, user, query), offsetsByChannel(db, user, query)]);
  const byKey = new Map<string, ChannelRow>();
  const row = (channel: string | null): ChannelRow => {
    const key = channel ?? BACK_OFFICE_CHANNEL;
    let found = byKey.get(key);
    if (!found) {
      found = { channel: key, channel_key: key, calculations: 0, co2e_kg: 0, orders: 0, offset_kg: 0 };
      byKey.set(key, found);
    }
    return found;
  };
  for (const r of calculated) Object.assign(row(r.channel), { calculations: r.calculations, co2e_kg: r.co2e_kg });
  for (const r of offset) Object.assign(row(r.channel), { orders: r.orders, offset_kg: r.offset_kg });
  const ids = [...byKey.keys()].map(storefrontId).filter((id) => Number.isSafeInteger(id) && id > 0);
  const names = await storefrontNames(db, user, ids);
  const rows = [...byKey.values()];
  for (const r of rows) {
    const id = storefrontId(r.channel_key);
    const name = names.get(id);
    r.channel =
      r.channel_key === BACK_OFFICE_CHANNEL
        ? translate(language, 'storefronts.channel.backOffice')
        : name !== undefined
          ? translate(language, 'storefronts.channel.named', { name })
          : Number.isNaN(id)
            ? r.channel_key
            : translate(language, 'storefronts.channel.storefront', { id });
  }
  const rank = (r: ChannelRow) => (r.channel_key === BACK_OFFICE_CHANNEL ? 0 : 1);
  return rows.sort((a, b) => rank(a) - rank(b) || b.co2e_kg - a.co2e_kg || a.channel_key.localeCompare(b.channel_key));
}
