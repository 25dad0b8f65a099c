/** The field-level diff of an entry, old → new per field; secrets show only that they changed. */
import { Box, Button, Collapse, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import type { ProtocolChanges, ProtocolEntryRecord } from '../../core/api';
import { useProtocolTexts } from './summary';

function Value({ value }: { value: unknown }) {
  const translate = useTranslate();
  if (value === null || value === undefined || value === '') {
    return <Typography component="span" variant="body2" color="text.secondary" fontStyle="italic">{translate('protocol.diff.empty')}</Typography>;
  }
  const text =
    typeof value === 'boolean' ? translate(value ? 'ra.boolean.true' : 'ra.boolean.false') : typeof value === 'string' ? value : JSON.stringify(value);
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

/** Every changed field with its value before and after; secrets only as "changed". */
export const DiffTable = ({ id, changes, resource }: { id?: string; changes: ProtocolChanges; resource: string | null }) => {
  const translate = useTranslate();
  const { fieldName } = useProtocolTexts();
  return (
    <Table id={id} size="small" aria-label={translate('protocol.diff.title')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('protocol.diff.field')}</TableCell>
          <TableCell>{translate('protocol.diff.old')}</TableCell>
          <TableCell>{translate('protocol.diff.new')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {Object.entries(changes).map(([field, change]) => (
          <TableRow key={field}>
            <TableCell component="th" scope="row">{fieldName(resource, field)}</TableCell>
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

/**
 * The list cell: the first changes inline, and a real button (keyboard and screen reader reachable,
 * unlike the Datagrid's aria-hidden expand icon) that unfolds the whole diff.
 */
export const ProtocolChangesCell = () => {
  const record = useRecordContext<ProtocolEntryRecord>();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!record?.changes || Object.keys(record.changes).length === 0) return null;
  const panelId = `protocol-diff-${record.id}`;
  return (
    <Box>
      {open ? null : <DiffInline changes={record.changes} resource={record.resource} />}
      <Button size="small" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}
        startIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}>
        {translate(open ? 'protocol.diff.hide' : 'protocol.diff.show')}
      </Button>
      <Collapse in={open} unmountOnExit>
        <DiffTable id={panelId} changes={record.changes} resource={record.resource} />
      </Collapse>
    </Box>
  );
};
