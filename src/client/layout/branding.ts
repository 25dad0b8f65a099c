/**
 * The provider's look for the signed-in user: name, logo and primary colour from the mandant's settings
 * (`GET /api/mandants/:id`), else the installation's runtime configuration.
 */
import { useGetOne } from 'react-admin';
import type { MandantRecord } from '../../core/api';
import { getRuntimeConfig } from '../providers/runtimeConfig';
import { readSession } from '../providers/session';

export interface Branding {
  providerName: string;
  logoUrl: string | null;
  primaryColor: string | null;
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

export function brandingOf(mandant: MandantRecord | undefined, configuredName: string): Branding {
  const settings = mandant?.settings ?? {};
  return {
    providerName: settings.provider_name?.trim() || configuredName,
    logoUrl: settings.logo_url?.trim() || null,
    primaryColor: settings.primary_color && HEX_COLOUR.test(settings.primary_color) ? settings.primary_color : null,
  };
}

export function useBranding(): Branding {
  const mandantId = readSession()?.user.mandant_id ?? null;
  // Same query as the rest of the client uses for the mandant, so a saved setting shows everywhere at once.
  const { data } = useGetOne<MandantRecord>(
    'mandants',
    { id: mandantId as number },
    { enabled: mandantId !== null, retry: false, staleTime: 5 * 60_000 },
  );
  return brandingOf(mandantId === null ? undefined : data, getRuntimeConfig().provider.name);
}
