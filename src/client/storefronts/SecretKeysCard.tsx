/**
 * A storefront's secret keys (issue 39): the shop's server orders with one. Created here and shown this once (the
 * server keeps only a hash), listed with their last use, revoked at once.
 */
import { useState } from 'react';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useLocale, useTranslate } from 'react-admin';
import {
  CreateStorefrontSecretKeyRequest,
  type CreatedStorefrontSecretKey,
  type StorefrontSecretKeyRecord,
} from '../../core/api';
import { contractMaxLength } from '../providers/contractRules';
import { formatDateTime } from '../../core/dates';
import { httpClient, sendJson } from '../providers/httpClient';
import { useCardCall } from './useCardCall';
import { SecretShownOnce } from '../layout/SecretShownOnce';
import { SectionCard } from '../layout/SectionCard';

const keysPath = (storefrontId: string) => `/storefronts/${storefrontId}/secret-keys`;

const KEY_NAME_MAX = contractMaxLength(CreateStorefrontSecretKeyRequest, 'name');

export const SecretKeysCard = ({ storefrontId }: { storefrontId: string }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedStorefrontSecretKey | null>(null);
  const [revoking, setRevoking] = useState<StorefrontSecretKeyRecord | null>(null);
  const queryKey = ['storefront-secret-keys', storefrontId];
  const { data: keys = [] } = useQuery({
    queryKey,
    queryFn: async () => (await httpClient<StorefrontSecretKeyRecord[]>(keysPath(storefrontId))).json,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey });

  const run = useCardCall(refresh);

  const create = () =>
    run(async () => {
      const answer = await sendJson<CreatedStorefrontSecretKey>(keysPath(storefrontId), 'POST', { name: name.trim() });
      setCreated(answer.json);
      setName('');
    });
  const revoke = async () => {
    if (!revoking) return;
    await run(
      () => httpClient(`${keysPath(storefrontId)}/${revoking.id}`, { method: 'DELETE' }),
      'storefronts.secretKeys.revoked',
    );
    setRevoking(null);
  };

  return (
    <SectionCard
      title="storefronts.secretKeys.title"
      help="storefronts.secretKeys.help"
      testId="storefront-secret-keys"
    >
      {created ? (
        <SecretShownOnce
          secret={created.key}
          label={created.name}
          warning="storefronts.secretKeys.shownOnce"
          testId="created-secret-key"
          onClose={() => setCreated(null)}
        />
      ) : null}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <TextField
          size="small"
          label={translate('storefronts.secretKeys.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          slotProps={{ htmlInput: { maxLength: KEY_NAME_MAX } }}
        />
        <Button variant="contained" onClick={() => void create()} disabled={name.trim() === ''}>
          {translate('storefronts.secretKeys.create')}
        </Button>
      </Stack>
      {keys.length === 0 ? (
        <Typography variant="body2">{translate('storefronts.secretKeys.empty')}</Typography>
      ) : (
        <Box component="table" sx={{ borderCollapse: 'collapse', width: '100%' }}>
          <thead>
            <tr>
              <th align="left">{translate('storefronts.secretKeys.name')}</th>
              <th align="left">{translate('storefronts.secretKeys.hint')}</th>
              <th align="left">{translate('storefronts.secretKeys.created')}</th>
              <th align="left">{translate('storefronts.secretKeys.lastUsed')}</th>
              <th align="left">{translate('storefronts.secretKeys.revoke')}</th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <tr key={key.id} data-testid={`secret-key-${key.id}`}>
                <td>{key.name}</td>
                <td>…{key.hint}</td>
                <td>{formatDateTime(key.created_at, locale)}</td>
                <td>
                  {key.last_used_at
                    ? formatDateTime(key.last_used_at, locale)
                    : translate('storefronts.secretKeys.never')}
                </td>
                <td>
                  <Button size="small" color="error" onClick={() => setRevoking(key)}>
                    {translate('storefronts.secretKeys.revoke')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Box>
      )}
      <Confirm
        isOpen={revoking !== null}
        title="storefronts.secretKeys.revoke"
        content={revoking?.name ?? ''}
        onConfirm={() => void revoke()}
        onClose={() => setRevoking(null)}
      />
    </SectionCard>
  );
};
