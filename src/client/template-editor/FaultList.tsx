/**
 * The summary of the edited template's faults: each one says where it is in the form's words ("Gruppe „Papier“ ·
 * Feld „Grammatur“ · Regel") and what is wrong, and a click takes the admin to the field (`onGoTo`). The JSON tab
 * adds the line.
 */
import { Alert, List, ListItemButton, ListItemText } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { EditableTemplate } from './definitionEdits';
import { faultPlace } from './faultPlace';
import { useLanguage } from '../i18n/useLanguage';
import type { EditorFault } from './validation';

export const FaultList = ({
  faults,
  definition,
  showLines = false,
  onGoTo,
}: {
  faults: readonly EditorFault[];
  /** The edited definition, for the labels the places are named by (undefined while the text is no JSON). */
  definition?: EditableTemplate;
  showLines?: boolean;
  onGoTo?: (fault: EditorFault) => void;
}) => {
  const translate = useTranslate();
  const lang = useLanguage();
  if (faults.length === 0) {
    return (
      <Alert severity="success" data-testid="template-valid" sx={{ mt: 1 }}>
        {translate('templateEditor.editor.valid')}
      </Alert>
    );
  }
  return (
    <Alert severity="error" sx={{ mt: 1, '& .MuiAlert-message': { width: '100%' } }} data-testid="template-faults">
      {translate('templateEditor.editor.faults', { smart_count: faults.length })}
      <List dense disablePadding>
        {faults.map((fault, index) => {
          const place = faultPlace(fault.pointer, definition, translate, lang);
          const line = showLines ? ` (${translate('templateEditor.editor.line', { line: fault.line })})` : '';
          return (
            <ListItemButton
              key={index}
              data-testid="template-fault"
              disabled={!onGoTo}
              onClick={() => onGoTo?.(fault)}
              title={translate('templateEditor.fault_place.go_to')}
              sx={{ px: 1, borderRadius: 1 }}
            >
              <ListItemText
                primary={`${place}${line}`}
                secondary={fault.message}
                slotProps={{ primary: { sx: { fontWeight: 600, fontSize: 13 } } }}
              />
            </ListItemButton>
          );
        })}
      </List>
    </Alert>
  );
};
