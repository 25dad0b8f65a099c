/**
 * Where a calculation or an order came from (issue 39): the back office, or a storefront (`storefront:<id>`) with the
 * shop's own order reference. One place for the calculations' and the orders' screens: the channel's words in a
 * column, a record's page and the lists' channel filter. Those who may read the storefronts (their admins) see each
 * one's name; everybody else its number.
 */
import { Box, Typography } from '@mui/material';
import { SelectInput, useGetList, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { BACK_OFFICE_CHANNEL, STOREFRONT_CHANNEL_PREFIX, type StorefrontRecord } from '../../core/api';
import { useCan } from '../providers/RoleGate';

type ChannelText = (channel: string | null | undefined, reference?: string | null) => string;

const NO_STOREFRONTS: StorefrontRecord[] = [];

/** The mandant's storefronts, where the reader may list them (else none: the channel then reads by number). */
function useStorefronts(): StorefrontRecord[] {
  const canList = useCan('list', 'storefronts');
  const { data } = useGetList<StorefrontRecord>(
    'storefronts',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: canList, staleTime: 60_000 },
  );
  return canList ? (data ?? NO_STOREFRONTS) : NO_STOREFRONTS;
}

/**
 * A list cell's channel, kept narrow: the back office, or the storefront's own name (its number where the reader may
 * not list storefronts) with the shop's reference under it; the column's header says it is the channel.
 */
export const ChannelCell = ({ channel, reference }: { channel: string | null; reference: string | null }) => {
  const translate = useTranslate();
  const storefronts = useStorefronts();
  if (!channel) return <>{translate('storefronts.channel.backOffice')}</>;
  const id = channel.startsWith(STOREFRONT_CHANNEL_PREFIX) ? channel.slice(STOREFRONT_CHANNEL_PREFIX.length) : null;
  const storefront = id === null ? undefined : storefronts.find((candidate) => String(candidate.id) === id);
  const name = storefront?.name ?? (id === null ? channel : translate('storefronts.channel.storefront', { id }));
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column' }} data-channel={channel}>
      <span>{name}</span>
      {reference ? (
        <Typography component="span" variant="caption" color="text.secondary">
          {reference}
        </Typography>
      ) : null}
    </Box>
  );
};

export function useChannelText(): ChannelText {
  const translate = useTranslate();
  const storefronts = useStorefronts();
  return (channel, reference) => {
    if (!channel || channel === BACK_OFFICE_CHANNEL) return translate('storefronts.channel.backOffice');
    let name = channel;
    if (channel.startsWith(STOREFRONT_CHANNEL_PREFIX)) {
      const id = channel.slice(STOREFRONT_CHANNEL_PREFIX.length);
      const storefront = storefronts.find((candidate) => String(candidate.id) === id);
      name = storefront
        ? translate('storefronts.channel.named', { name: storefront.name })
        : translate('storefronts.channel.storefront', { id });
    }
    return reference ? `${name} · ${reference}` : name;
  };
}

/**
 * The channel filter of the calculations and orders lists: the back office, or one of the storefronts. The filter form
 * reads `source` and `label` from the element, so the lists name both (`<ChannelFilterInput source="channel"
 * label="storefronts.channel.label" />`).
 */
export const ChannelFilterInput = ({ source, label }: { source: string; label: string; alwaysOn?: boolean }) => {
  const translate = useTranslate();
  const storefronts = useStorefronts();
  const choices = [
    { id: BACK_OFFICE_CHANNEL, name: translate('storefronts.channel.backOffice') },
    ...storefronts.map((storefront) => ({
      id: `${STOREFRONT_CHANNEL_PREFIX}${storefront.id}`,
      name: translate('storefronts.channel.named', { name: storefront.name }),
    })),
  ];
  // A storefront chosen by a link (or before the storefronts have loaded, or for a reader who may not list them).
  const chosen: unknown = useWatch({ name: source });
  if (
    typeof chosen === 'string' &&
    chosen.startsWith(STOREFRONT_CHANNEL_PREFIX) &&
    !choices.some((choice) => choice.id === chosen)
  ) {
    choices.push({
      id: chosen,
      name: translate('storefronts.channel.storefront', { id: chosen.slice(STOREFRONT_CHANNEL_PREFIX.length) }),
    });
  }
  return <SelectInput source={source} label={label} translateChoice={false} choices={choices} />;
};
