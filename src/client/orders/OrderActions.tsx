/** The lifecycle buttons the signed-in role may use on an order, and the document downloads. */
import { useState } from 'react';
import { Box, Stack, TextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, Confirm, useNotify, usePermissions, useRefresh, useTranslate } from 'react-admin';
import { CompleteOrderRequest, type OrderRecord, type OrderTransition, type Role } from '../../core/api';
import { contractMaxLength } from '../providers/contractRules';
import { allowedOrderTransitions } from '../../core/access/policy';
import { useMutation } from '@tanstack/react-query';
import { useKontorDataProvider } from '../providers/dataProvider';
import { downloadOrderDocument, type OrderDocument } from './documents';

const HAS_CONFIRMATION = ['placed', 'confirmed', 'completed'];

/** As long as the server takes (one declaration, in the contract). */
const SERIALS_MAX = contractMaxLength(CompleteOrderRequest, 'registry_serials');

/** The transition in flight and the two confirmations, with the call that moves the order on. */
const useOrderTransitions = (order: OrderRecord) => {
  const notify = useNotify();
  const refresh = useRefresh();
  const { permissions } = usePermissions<Role>();
  const [busy, setBusy] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  // Completing issues the certificate and cannot be undone: asked first, like cancelling.
  const [confirmComplete, setConfirmComplete] = useState(false);
  // The registry serial numbers of the retired units: the certificate prints them (issue 33, item 6).
  const [serials, setSerials] = useState('');
  const allowed = allowedOrderTransitions(permissions, order.status);
  const dataProvider = useKontorDataProvider();
  const { mutateAsync: transition } = useMutation({
    mutationFn: (step: OrderTransition) =>
      dataProvider.orderTransition(
        order.id,
        step,
        step === 'complete' && serials.trim() ? { registry_serials: serials.trim() } : undefined,
      ),
  });

  const apply = async (step: OrderTransition) => {
    setBusy(true);
    try {
      await transition(step);
      notify(`orders.done.${step}`, { type: 'success', messageArgs: { number: order.number } });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
      setConfirmCancel(false);
      setConfirmComplete(false);
    }
  };
  return {
    allowed,
    busy,
    apply,
    confirmCancel,
    setConfirmCancel,
    confirmComplete,
    setConfirmComplete,
    serials,
    setSerials,
  };
};

const useOrderDownload = (order: OrderRecord) => {
  const notify = useNotify();
  return async (kind: OrderDocument) => {
    try {
      await downloadOrderDocument(
        order.id,
        kind,
        `${kind === 'certificate' ? order.certificate_number : order.number}.pdf`,
      );
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    }
  };
};

export const OrderActions = ({ order }: { order: OrderRecord }) => {
  const translate = useTranslate();
  const transitions = useOrderTransitions(order);
  const download = useOrderDownload(order);

  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="order-actions">
      {transitions.allowed
        .filter((t) => t !== 'cancel')
        .map((t) => (
          <Button
            key={t}
            label={`orders.actions.${t}`}
            variant="contained"
            disabled={transitions.busy}
            onClick={() => (t === 'complete' ? transitions.setConfirmComplete(true) : void transitions.apply(t))}
            data-testid={`order-${t}`}
          />
        ))}
      {transitions.allowed.includes('complete') && (
        <Confirm
          isOpen={transitions.confirmComplete}
          loading={transitions.busy}
          title={translate('orders.complete_title', { number: order.number })}
          content={
            <Box>
              <Typography variant="body2" component="p" sx={{ mb: 2 }}>
                {translate('orders.complete_content')}
              </Typography>
              <TextField
                fullWidth
                multiline
                size="small"
                label={translate('orders.registry_serials')}
                helperText={translate('orders.registry_serials_help')}
                value={transitions.serials}
                onChange={(event) => transitions.setSerials(event.target.value)}
                slotProps={{ htmlInput: { maxLength: SERIALS_MAX, 'data-testid': 'order-registry-serials' } }}
              />
            </Box>
          }
          onConfirm={() => void transitions.apply('complete')}
          onClose={() => transitions.setConfirmComplete(false)}
        />
      )}
      {transitions.allowed.includes('cancel') && (
        <>
          <Button
            label="orders.actions.cancel"
            color="error"
            disabled={transitions.busy}
            onClick={() => transitions.setConfirmCancel(true)}
            data-testid="order-cancel"
          />
          <Confirm
            isOpen={transitions.confirmCancel}
            loading={transitions.busy}
            title={translate('orders.cancel_title', { number: order.number })}
            content={translate(order.status === 'placed' ? 'orders.cancel_placed' : 'orders.cancel_draft')}
            onConfirm={() => void transitions.apply('cancel')}
            onClose={() => transitions.setConfirmCancel(false)}
          />
        </>
      )}
      {HAS_CONFIRMATION.includes(order.status) && (
        <Button
          label="orders.download_confirmation"
          onClick={() => void download('confirmation')}
          data-testid="download-confirmation"
        >
          <DownloadIcon />
        </Button>
      )}
      {order.status === 'completed' && order.certificate_number && (
        <Button
          label="orders.download_certificate"
          variant="outlined"
          onClick={() => void download('certificate')}
          data-testid="download-certificate"
        >
          <DownloadIcon />
        </Button>
      )}
    </Stack>
  );
};
