/** The confirmation before a factor database change (issue #34): what it touches, asked of the server when it opens. */
import type { ReactNode } from 'react';
import type { FactorDatabaseRecord, FactorRecord } from '../../core/api';
import { ImpactConfirm } from '../layout/ImpactConfirm';
import { useKontorDataProvider } from '../providers/dataProvider';

export const FactorImpactConfirm = ({
  open,
  database,
  factor,
  title,
  confirmLabel,
  children,
  onConfirm,
  onClose,
}: {
  open: boolean;
  database: FactorDatabaseRecord;
  /** A factor's change; absent: the database as a whole (publish). */
  factor?: FactorRecord;
  title: string;
  confirmLabel?: string;
  children?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}) => {
  const dataProvider = useKontorDataProvider();
  return (
    <ImpactConfirm
      open={open}
      title={title}
      confirmLabel={confirmLabel}
      load={() => dataProvider.databaseImpact(database.id, factor ? { factor_id: factor.id } : {})}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {children}
    </ImpactConfirm>
  );
};
