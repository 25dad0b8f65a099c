/**
 * A storefront's webhooks (issue 39): the shop's endpoints (each signing secret shown once, when added) and every
 * delivery, a page at a time, with its status, attempts, the last answer's code and the start of its body, and "send
 * again".
 */
import { useState } from 'react';
import { Box, Button, Chip, Stack, TextField, Tooltip, Typography, type ChipProps } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Confirm,
  ListContextProvider,
  Pagination,
  useListController,
  useLocale,
  type ListControllerResult,
  useTranslate,
} from 'react-admin';
import type {
  CreatedStorefrontWebhook,
  StorefrontWebhookDeliveryRecord,
  StorefrontWebhookRecord,
  WebhookDeliveryStatus,
} from '../../core/api';
import { formatDateTime } from '../../core/dates';
import { httpClient, sendJson } from '../providers/httpClient';
import { useCardCall } from './useCardCall';
import { SecretShownOnce } from '../layout/SecretShownOnce';
import { SectionCard } from '../layout/SectionCard';

const STATUS_COLOUR: Record<WebhookDeliveryStatus, ChipProps['color']> = {
  pending: 'warning',
  delivered: 'success',
  failed: 'error',
};
/** Deliveries a page shows at first; the server pages them through the list engine (sort, range, Content-Range). */
const DELIVERIES_PER_PAGE = 25;
/** The start of an answer's body shown in the table; the whole stored excerpt (≤ 2 KB) on hover. */
const EXCERPT_CHARS = 80;

const cell = { py: 0.5, pr: 1.5, verticalAlign: 'top', textAlign: 'left' } as const;

/** A table's header row: each column's heading is its message key under `storefronts.webhooks`. */
const HeaderRow = ({ columns }: { columns: string[] }) => {
  const translate = useTranslate();
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <Box component="th" sx={cell} key={column}>
            {translate(`storefronts.webhooks.${column}`)}
          </Box>
        ))}
      </tr>
    </thead>
  );
};

const useWhen = () => {
  const locale = useLocale();
  return (iso: string | null) => (iso ? formatDateTime(iso, locale) : '–');
};

/** The endpoints, a page of deliveries, and the calls that change them (each refreshing both lists). */
const useWebhooks = (storefrontId: string) => {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [created, setCreated] = useState<CreatedStorefrontWebhook | null>(null);
  const [deleting, setDeleting] = useState<StorefrontWebhookRecord | null>(null);
  const base = `/storefronts/${storefrontId}`;
  const endpointsKey = ['storefront-webhooks', storefrontId];
  const deliveriesResource = `storefronts/${storefrontId}/webhook-deliveries`;
  const { data: endpoints = [] } = useQuery({
    queryKey: endpointsKey,
    queryFn: async () => (await httpClient<StorefrontWebhookRecord[]>(`${base}/webhooks`)).json,
  });
  const deliveries = useListController<StorefrontWebhookDeliveryRecord>({
    resource: deliveriesResource,
    sort: { field: 'created_at', order: 'DESC' },
    perPage: DELIVERIES_PER_PAGE,
    disableSyncWithLocation: true,
    storeKey: false,
    // The path is no resource of the access policy; the storefront's page already required its `read` right, and the
    // server checks it again.
    disableAuthentication: true,
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: endpointsKey }),
      // react-admin keys its list queries by resource first: this refreshes every page of the deliveries.
      queryClient.invalidateQueries({ queryKey: [deliveriesResource] }),
    ]);

  const run = useCardCall(refresh);

  const add = () =>
    run(async () => {
      const answer = await sendJson<CreatedStorefrontWebhook>(`${base}/webhooks`, 'POST', { url: url.trim() });
      setCreated(answer.json);
      setUrl('');
    });
  const remove = async () => {
    if (!deleting) return;
    await run(
      () => httpClient(`${base}/webhooks/${deleting.id}`, { method: 'DELETE' }),
      'storefronts.webhooks.deleted',
    );
    setDeleting(null);
  };
  const resend = (delivery: StorefrontWebhookDeliveryRecord) =>
    run(
      () => httpClient(`${base}/webhook-deliveries/${delivery.id}/resend`, { method: 'POST' }),
      'storefronts.webhooks.resent',
    );
  return {
    url,
    setUrl,
    created,
    setCreated,
    deleting,
    setDeleting,
    endpoints,
    deliveries,
    refresh,
    add,
    remove,
    resend,
  };
};

const EndpointTable = ({
  endpoints,
  onDelete,
}: {
  endpoints: StorefrontWebhookRecord[];
  onDelete: (endpoint: StorefrontWebhookRecord) => void;
}) => {
  const translate = useTranslate();
  const when = useWhen();
  return (
    <Box component="table" sx={{ borderCollapse: 'collapse', width: '100%', mb: 2 }}>
      <HeaderRow columns={['url', 'hint', 'created', 'delete']} />
      <tbody>
        {endpoints.map((endpoint) => (
          <tr key={endpoint.id} data-testid={`webhook-${endpoint.id}`}>
            <Box component="td" sx={{ ...cell, wordBreak: 'break-all' }}>
              {endpoint.url}
            </Box>
            <Box component="td" sx={cell}>
              …{endpoint.hint}
            </Box>
            <Box component="td" sx={cell}>
              {when(endpoint.created_at)}
            </Box>
            <Box component="td" sx={cell}>
              <Button size="small" color="error" onClick={() => onDelete(endpoint)}>
                {translate('storefronts.webhooks.delete')}
              </Button>
            </Box>
          </tr>
        ))}
      </tbody>
    </Box>
  );
};

/** The last answer: an error without a response in words; else its code and the start of its body. */
const DeliveryAnswer = ({ delivery }: { delivery: StorefrontWebhookDeliveryRecord }) => {
  const translate = useTranslate();
  if (delivery.error && delivery.error !== 'redirect')
    return translate(`storefronts.webhooks.errors.${delivery.error}`);
  if (delivery.response_code === null) return '–';
  const body = delivery.response_body ?? '';
  const excerpt = body.length > EXCERPT_CHARS ? `${body.slice(0, EXCERPT_CHARS)}…` : body;
  return (
    <Tooltip title={body} placement="bottom-start">
      <Box component="span">
        <strong>{delivery.response_code}</strong>
        {delivery.error ? ` · ${translate(`storefronts.webhooks.errors.${delivery.error}`)}` : ''}
        {excerpt ? (
          <Box component="code" sx={{ display: 'block', fontSize: '0.75rem', wordBreak: 'break-all' }}>
            {excerpt}
          </Box>
        ) : null}
      </Box>
    </Tooltip>
  );
};

const DeliveryRow = ({
  delivery,
  showUrl,
  onResend,
}: {
  delivery: StorefrontWebhookDeliveryRecord;
  /** With more than one endpoint, which one the delivery went to. */
  showUrl: boolean;
  onResend: (delivery: StorefrontWebhookDeliveryRecord) => Promise<void>;
}) => {
  const translate = useTranslate();
  const when = useWhen();
  return (
    <Box component="tr" data-testid={`webhook-delivery-${delivery.id}`} sx={{ borderTop: 1, borderColor: 'divider' }}>
      <Box component="td" sx={{ ...cell, whiteSpace: 'nowrap' }}>
        {when(delivery.created_at)}
      </Box>
      <Box component="td" sx={cell}>
        {translate(`storefronts.webhooks.events.${delivery.event_type.replace('.', '_')}`)}
        {showUrl ? (
          <Typography variant="caption" component="div" color="text.secondary">
            {delivery.url}
          </Typography>
        ) : null}
      </Box>
      <Box component="td" sx={cell}>
        <Chip
          size="small"
          variant="outlined"
          color={STATUS_COLOUR[delivery.status]}
          label={translate(`storefronts.webhooks.statuses.${delivery.status}`)}
        />
      </Box>
      <Box component="td" sx={cell}>
        {delivery.attempts}
      </Box>
      <Box component="td" sx={{ ...cell, maxWidth: 360 }}>
        <DeliveryAnswer delivery={delivery} />
      </Box>
      <Box component="td" sx={{ ...cell, whiteSpace: 'nowrap' }}>
        {when(delivery.next_attempt_at)}
      </Box>
      <Box component="td" sx={cell}>
        <Button size="small" onClick={() => void onResend(delivery)}>
          {translate('storefronts.webhooks.resend')}
        </Button>
      </Box>
    </Box>
  );
};

const DeliveryTable = ({
  deliveries,
  showUrl,
  onResend,
}: {
  deliveries: ListControllerResult<StorefrontWebhookDeliveryRecord>;
  showUrl: boolean;
  onResend: (delivery: StorefrontWebhookDeliveryRecord) => Promise<void>;
}) => {
  const translate = useTranslate();
  if (!deliveries.data?.length)
    return (
      <Typography variant="body2">
        {deliveries.isPending ? '' : translate('storefronts.webhooks.noDeliveries')}
      </Typography>
    );
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Box component="table" sx={{ borderCollapse: 'collapse', width: '100%' }} data-testid="webhook-deliveries">
        <HeaderRow columns={['created', 'event', 'status', 'attempts', 'response', 'nextAttempt', 'resend']} />
        <tbody>
          {deliveries.data.map((delivery) => (
            <DeliveryRow key={delivery.id} delivery={delivery} showUrl={showUrl} onResend={onResend} />
          ))}
        </tbody>
      </Box>
      <ListContextProvider value={deliveries}>
        <Pagination rowsPerPageOptions={[10, 25, 50, 100]} />
      </ListContextProvider>
    </Box>
  );
};

export const WebhooksCard = ({ storefrontId }: { storefrontId: string }) => {
  const translate = useTranslate();
  const webhooks = useWebhooks(storefrontId);

  return (
    <SectionCard title="storefronts.webhooks.title" help="storefronts.webhooks.help" testId="storefront-webhooks">
      {webhooks.created ? (
        <SecretShownOnce
          secret={webhooks.created.secret}
          label={webhooks.created.url}
          warning="storefronts.webhooks.shownOnce"
          testId="created-webhook-secret"
          onClose={() => webhooks.setCreated(null)}
        />
      ) : null}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <TextField
          size="small"
          type="url"
          sx={{ flex: 1, maxWidth: 520 }}
          label={translate('storefronts.webhooks.url')}
          placeholder="https://shop.example.com/webhooks/kontor"
          value={webhooks.url}
          onChange={(event) => webhooks.setUrl(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        <Button
          variant="contained"
          onClick={() => void webhooks.add()}
          disabled={!/^https?:\/\/\S+$/.test(webhooks.url.trim())}
        >
          {translate('storefronts.webhooks.add')}
        </Button>
      </Stack>
      {webhooks.endpoints.length === 0 ? (
        <Typography variant="body2">{translate('storefronts.webhooks.empty')}</Typography>
      ) : (
        <EndpointTable endpoints={webhooks.endpoints} onDelete={webhooks.setDeleting} />
      )}
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 2 }}>
        <Typography variant="subtitle1" component="h3">
          {translate('storefronts.webhooks.deliveries')}
        </Typography>
        <Button size="small" onClick={() => void webhooks.refresh()}>
          {translate('storefronts.webhooks.refresh')}
        </Button>
      </Stack>
      <DeliveryTable
        deliveries={webhooks.deliveries}
        showUrl={webhooks.endpoints.length > 1}
        onResend={webhooks.resend}
      />
      <Confirm
        isOpen={webhooks.deleting !== null}
        title="storefronts.webhooks.delete"
        content={webhooks.deleting?.url ?? ''}
        onConfirm={() => void webhooks.remove()}
        onClose={() => webhooks.setDeleting(null)}
      />
    </SectionCard>
  );
};
