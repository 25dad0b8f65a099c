/** The faults of the edited template, each with its line and JSON pointer. */
import { Alert, List, ListItem, ListItemText } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { EditorFault } from './validation';

export const FaultList = ({ faults }: { faults: readonly EditorFault[] }) => {
  const translate = useTranslate();
  if (faults.length === 0) {
    return (
      <Alert severity="success" data-testid="template-valid" sx={{ mt: 1 }}>
        {translate('templateEditor.editor.valid')}
      </Alert>
    );
  }
  return (
    <Alert severity="error" sx={{ mt: 1 }} data-testid="template-faults">
      {translate('templateEditor.editor.faults', { smart_count: faults.length })}
      <List dense disablePadding>
        {faults.map((fault, index) => (
          <ListItem key={index} disableGutters data-testid="template-fault">
            <ListItemText
              primary={`${translate('templateEditor.editor.line', { line: fault.line })} · ${fault.pointer || '/'}`}
              secondary={fault.message}
              slotProps={{ primary: { sx: { fontFamily: 'monospace', fontSize: 13 } } }}
            />
          </ListItem>
        ))}
      </List>
    </Alert>
  );
};
