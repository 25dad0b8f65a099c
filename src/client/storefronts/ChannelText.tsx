/**
 * Where a calculation or an order came from (issue 39): the back office, or a storefront (`storefront:<id>`) with the
 * shop's own order reference. One place for the calculations' and the orders' screens.
 */
import { useTranslate } from 'react-admin';
import { STOREFRONT_CHANNEL_PREFIX } from '../../core/api';

export function useChannelText(): (channel: string | null | undefined, reference?: string | null) => string {
  const translate = useTranslate();
  return (channel, reference) => {
    if (!channel) return translate('storefronts.channel.backOffice');
    const name = channel.startsWith(STOREFRONT_CHANNEL_PREFIX)
      ? translate('storefronts.channel.storefront', { id: channel.slice(STOREFRONT_CHANNEL_PREFIX.length) })
      : channel;
    return reference ? `${name} · ${reference}` : name;
  };
}
