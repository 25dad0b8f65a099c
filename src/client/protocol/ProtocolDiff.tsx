/** The field-level diff of an entry, old → new per field, in the reader's words (core's renderer); secrets show only that they changed. */
import { Box, Button, Collapse, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import type { ProtocolEntryRecord } from '../../core/api';
import type { DescribedChange } from '../../core/protocol/describe';
import { useProtocolTexts } from './summary';

function Value({ text }: { text: string | null }) {
  const translate = useTranslate();
  if (text === null) {
    return (
      <Typography component="span" variant="body2" color="text.secondary" fontStyle="italic">
        {translate('protocol.diff.empty')}
      </Typography>
    );
  }
  return (
    <Typography component="span" variant="body2" sx={{ wordBreak: 'break-word' }}>
      {text}
    </Typography>
  );
}

/** One line per field, for the list cell: `Name: Anna → Anne`. */
export const DiffInline = ({ changes, max = 2 }: { changes: DescribedChange[]; max?: number }) => {
  const translate = useTranslate();
  return (
    <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
      {changes.slice(0, max).map((change) => (
        <span key={change.field}>
          <strong>{change.label}</strong>:{' '}
          {change.redacted ? (
            translate('protocol.diff.redacted')
          ) : (
            <>
              <Value text={change.old} /> → <Value text={change.new} />
            </>
          )}
        </span>
      ))}
      {changes.length > max ? (
        <Typography variant="caption" color="text.secondary">
          {translate('protocol.diff.count', { count: changes.length })}
        </Typography>
      ) : null}
    </Box>
  );
};

/** Every changed field with its value before and after; secrets only as "changed". */
export const DiffTable = ({ id, changes }: { id?: string; changes: DescribedChange[] }) => {
  const translate = useTranslate();
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
        {changes.map((change) => (
          <TableRow key={change.field}>
            <TableCell component="th" scope="row">
              {change.label}
            </TableCell>
            {change.redacted ? (
              <TableCell colSpan={2}>{translate('protocol.diff.redacted')}</TableCell>
            ) : (
              <>
                <TableCell>
                  <Value text={change.old} />
                </TableCell>
                <TableCell>
                  <Value text={change.new} />
                </TableCell>
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
 * unlike a data table's aria-hidden expand icon) that unfolds the whole diff.
 */
export const ProtocolChangesCell = () => {
  const record = useRecordContext<ProtocolEntryRecord>();
  const translate = useTranslate();
  const texts = useProtocolTexts();
  const [open, setOpen] = useState(false);
  const changes = record ? texts.changes(record) : [];
  if (!record || changes.length === 0) return null;
  const panelId = `protocol-diff-${record.id}`;
  return (
    <Box>
      {open ? null : <DiffInline changes={changes} />}
      <Button
        size="small"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        startIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
      >
        {translate(open ? 'protocol.diff.hide' : 'protocol.diff.show')}
      </Button>
      <Collapse in={open} unmountOnExit>
        <DiffTable id={panelId} changes={changes} />
      </Collapse>
    </Box>
  );
};
