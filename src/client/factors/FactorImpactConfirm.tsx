/** The confirmation before a factor database change (issue #34): what it touches, asked of the server when it opens. */
import type { ComponentProps } from 'react';
import type { FactorDatabaseRecord, FactorRecord } from '../../core/api';
import { ImpactConfirm } from '../layout/ImpactConfirm';
import { useKontorDataProvider } from '../providers/dataProvider';

export const FactorImpactConfirm = ({
  database,
  factor,
  ...confirm
}: Omit<ComponentProps<typeof ImpactConfirm>, 'load'> & {
  database: FactorDatabaseRecord;
  /** A factor's change; absent: the database as a whole (publish). */
  factor?: FactorRecord;
}) => {
  const dataProvider = useKontorDataProvider();
  return (
    <ImpactConfirm
      {...confirm}
      load={() => dataProvider.databaseImpact(database.id, factor ? { factor_id: factor.id } : {})}
    />
  );
};
