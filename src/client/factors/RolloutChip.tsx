/** Marks the database the provider admin rolled out to all mandants (the default for new work without a pin). */
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { rolledOutDatabase } from '../../core/factor-database-default';
import { useFactorDatabases } from './useFactorDatabases';
import type { FactorDatabaseRecord } from '../../core/api';

export const RolloutChip = ({ database, size }: { database: FactorDatabaseRecord; size?: 'small' | 'medium' }) => {
  const translate = useTranslate();
  const { data = [] } = useFactorDatabases({ published: true });
  if (rolledOutDatabase(data)?.id !== database.id) return null;
  return (
    <Chip
      size={size}
      color="primary"
      variant="outlined"
      label={translate('databases.rolled_out')}
      data-testid="rolled-out"
    />
  );
};
