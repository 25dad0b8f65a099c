/** An order's status as a coloured chip. */
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { OrderStatus } from '../../core/api';

const COLORS: Record<OrderStatus, 'default' | 'info' | 'primary' | 'success' | 'error'> = {
  draft: 'default',
  placed: 'info',
  confirmed: 'primary',
  completed: 'success',
  cancelled: 'error',
};

export const OrderStatusChip = ({ status }: { status: OrderStatus }) => {
  const translate = useTranslate();
  return (
    <Chip size="small" color={COLORS[status]} label={translate(`orders.status.${status}`)} data-testid="order-status" />
  );
};
