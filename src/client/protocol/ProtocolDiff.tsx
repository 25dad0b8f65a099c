/** The field-level diff of an entry, old → new per field; secrets show only that they changed. */
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { ProtocolChanges, ProtocolEntryRecord } from '../../core/api';
import { useProtocolTexts } from './summary';

function Value({ value }: { value: unknown }) {
  const translate = useTranslate();
  if (value === null || value === undefined || value === '') {
    return <Typography component="span" variant="body2" color="text.secondary" fontStyle="italic">{translate('protocol.diff.empty')}</Typography>;
  }
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return <Typography component="span" variant="body2" sx={{ wordBreak: 'break-word' }}>{text}</Typography>;
}

/** One line per field, for the list cell: `name: Anna → Anne`. */
export const DiffInline = ({ changes, resource, max = 2 }: { changes: ProtocolChanges; resource: string | null; max?: number }) => {
  const translate = useTranslate();
  const { fieldName } = useProtocolTexts();
  const entries = Object.entries(changes);
  return (
    <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
      {entries.slice(0, max).map(([field, change]) => (
        <span key={field}>
          <strong>{fieldName(resource, field)}</strong>:{' '}
          {change.redacted ? translate('protocol.diff.redacted') : <><Value value={change.old} /> → <Value value={change.new} /></>}
        </span>
      ))}
      {entries.length > max ? <Typography variant="caption" color="text.secondary">{translate('protocol.diff.count', { count: entries.length })}</Typography> : null}
    </Box>
  );
};

/** The expanded row: every changed field with its value before and after. */
export const ProtocolDiff = () => {
  const record = useRecordContext<ProtocolEntryRecord>();
  const translate = useTranslate();
  const { fieldName } = useProtocolTexts();
  if (!record?.changes) return null;
  return (
    <Table size="small" aria-label={translate('protocol.diff.title')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('protocol.diff.field')}</TableCell>
          <TableCell>{translate('protocol.diff.old')}</TableCell>
          <TableCell>{translate('protocol.diff.new')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {Object.entries(record.changes).map(([field, change]) => (
          <TableRow key={field}>
            <TableCell component="th" scope="row">{fieldName(record.resource, field)}</TableCell>
            {change.redacted ? (
              <TableCell colSpan={2}>{translate('protocol.diff.redacted')}</TableCell>
            ) : (
              <>
                <TableCell><Value value={change.old} /></TableCell>
                <TableCell><Value value={change.new} /></TableCell>
              </>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
