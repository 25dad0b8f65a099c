/**
 * Where a calculation or an order came from (issue 39): the back office, or a storefront (`storefront:<id>`) with the
 * shop's own order reference. One place for the calculations' and the orders' screens: the channel's words in a
 * column, a record's page and the lists' channel filter. Every reader sees each storefront of their mandant by name
 * (a storefront since deleted by its number).
 */
import { Box, Tooltip, Typography } from '@mui/material';
import StorefrontIcon from '@mui/icons-material/StorefrontOutlined';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SelectInput, useListContext, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { BACK_OFFICE_CHANNEL, STOREFRONT_CHANNEL_PREFIX, type StorefrontChannel } from '../../core/api';
import { httpClient } from '../providers/httpClient';

/** `name`: the storefront's name as the record carries it (`channel_name`, for every reader), else looked up. */
type ChannelText = (channel: string | null | undefined, reference?: string | null, name?: string | null) => string;

/** A record's channel as the lists carry it: the channel, the shop's reference and the storefront's name. */
interface RecordChannel {
  channel: string | null;
  reference: string | null;
  name?: string | null;
}

const NO_STOREFRONTS: StorefrontChannel[] = [];
const ELLIPSIS = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/**
 * The storefronts the reader's records may come from, id and name (`GET /api/storefront-channels`): every reader may
 * read these, editors and viewers too, who may not read the storefronts resource itself.
 */
function useStorefronts(): StorefrontChannel[] {
  const { data } = useQuery({
    queryKey: ['storefront-channels'],
    queryFn: async () => (await httpClient<StorefrontChannel[]>('/storefront-channels')).json,
    staleTime: 60_000,
  });
  return data ?? NO_STOREFRONTS;
}

/**
 * A list cell's channel, kept narrow: the back office, or the storefront's own name (its number once deleted) with the
 * shop's reference under it; the column's header says it is the channel.
 */
export const ChannelCell = ({ channel, reference, name }: RecordChannel) => {
  const translate = useTranslate();
  const channelName = useChannelName();
  if (!channel) return <>{translate('storefronts.channel.backOffice')}</>;
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column' }} data-channel={channel}>
      <span>{channelName(channel, name)}</span>
      {reference ? (
        <Typography component="span" variant="caption" color="text.secondary">
          {reference}
        </Typography>
      ) : null}
    </Box>
  );
};

/**
 * A storefront channel's short name: the one the record carries, else the storefront's own, else its number (a
 * storefront since deleted).
 */
function useChannelName(): (channel: string, given?: string | null) => string {
  const translate = useTranslate();
  const storefronts = useStorefronts();
  return (channel, given) => {
    if (given) return given;
    if (!channel.startsWith(STOREFRONT_CHANNEL_PREFIX)) return channel;
    const id = channel.slice(STOREFRONT_CHANNEL_PREFIX.length);
    const storefront = storefronts.find((candidate) => String(candidate.id) === id);
    return storefront?.name ?? translate('storefronts.channel.storefront', { id });
  };
}

/**
 * A list's number cell with the channel marked under it, for a shop's record only: a storefront icon, the storefront's
 * name and the shop's reference on one caption line, the full channel text as its tooltip. The lists show no channel
 * column by default (at 1024 px it pushed the total out of view and read "Back-Office" in nearly every row): a row
 * without the mark came through the back office.
 */
export const NumberWithChannel = ({ number, channel, reference, name }: RecordChannel & { number: ReactNode }) => {
  const channelText = useChannelText();
  const channelName = useChannelName();
  if (!channel)
    return (
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {number}
      </Box>
    );
  const full = channelText(channel, reference, name);
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column' }} data-channel={channel}>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {number}
      </Box>
      <Tooltip title={full} describeChild>
        {/* Name and reference on two short lines, cut with an ellipsis: the mark never widens the number's column. */}
        <Typography
          component="span"
          variant="caption"
          color="text.secondary"
          data-testid="channel-mark"
          sx={{ display: 'inline-flex', alignItems: 'flex-start', gap: 0.5, maxWidth: '9rem', lineHeight: 1.3 }}
        >
          <StorefrontIcon fontSize="inherit" aria-hidden sx={{ mt: '0.15em' }} />
          <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', minWidth: 0 }}>
            <Box component="span" sx={ELLIPSIS}>
              {channelName(channel, name)}
            </Box>
            {reference ? (
              <Box component="span" sx={ELLIPSIS}>
                {reference}
              </Box>
            ) : null}
          </Box>
        </Typography>
      </Tooltip>
    </Box>
  );
};

export function useChannelText(): ChannelText {
  const translate = useTranslate();
  const storefronts = useStorefronts();
  return (channel, reference, given) => {
    if (!channel || channel === BACK_OFFICE_CHANNEL) return translate('storefronts.channel.backOffice');
    let text = channel;
    if (channel.startsWith(STOREFRONT_CHANNEL_PREFIX)) {
      const id = channel.slice(STOREFRONT_CHANNEL_PREFIX.length);
      const name = given ?? storefronts.find((candidate) => String(candidate.id) === id)?.name;
      text = name
        ? translate('storefronts.channel.named', { name })
        : translate('storefronts.channel.storefront', { id });
    }
    return reference ? `${text} · ${reference}` : text;
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
  // A storefront chosen by a link before the choices have loaded, or one since deleted: its name as the listed rows
  // carry it, else its number.
  const chosen: unknown = useWatch({ name: source });
  const { data: rows } = useListContext<{ id: number; channel?: string | null; channel_name?: string | null }>();
  if (
    typeof chosen === 'string' &&
    chosen.startsWith(STOREFRONT_CHANNEL_PREFIX) &&
    !choices.some((choice) => choice.id === chosen)
  ) {
    const name = rows?.find((row) => row.channel === chosen && row.channel_name)?.channel_name;
    choices.push({
      id: chosen,
      name: name
        ? translate('storefronts.channel.named', { name })
        : translate('storefronts.channel.storefront', { id: chosen.slice(STOREFRONT_CHANNEL_PREFIX.length) }),
    });
  }
  return <SelectInput source={source} label={label} translateChoice={false} choices={choices} />;
};
