import EnergySavingsLeafIcon from '@mui/icons-material/EnergySavingsLeaf';
import { Link } from 'react-router-dom';
import { Button, useTranslate } from 'react-admin';
import { ActionReason } from '../layout/ActionReason';
import { useCan } from '../providers/RoleGate';
import { newOrderPath } from './orderPath';

/**
 * Ordering offsets starts from a calculation or a collection; one that cannot be ordered shows the button disabled
 * with the reason beside it. Those who may not order see nothing.
 */
export const OrderOffsetsButton = ({
  subject,
  unavailable,
  'data-testid': testId,
}: {
  subject: Parameters<typeof newOrderPath>[0];
  /** The message key saying why ordering is not possible, or null when it is. */
  unavailable: string | null;
  'data-testid': string;
}) => {
  const translate = useTranslate();
  if (!useCan('create', 'orders')) return null;
  return (
    <ActionReason reason={unavailable ? translate(unavailable) : null} data-testid={`${testId}-reason`}>
      {(describedBy: string | undefined) =>
        unavailable ? (
          <Button
            label="orders.order_offsets"
            variant="outlined"
            disabled
            aria-describedby={describedBy}
            data-testid={testId}
          >
            <EnergySavingsLeafIcon />
          </Button>
        ) : (
          <Button
            component={Link}
            to={newOrderPath(subject)}
            label="orders.order_offsets"
            variant="outlined"
            data-testid={testId}
          >
            <EnergySavingsLeafIcon />
          </Button>
        )
      }
    </ActionReason>
  );
};
