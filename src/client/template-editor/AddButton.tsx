/**
 * The small "add …" text button under each list of the template editor (fields, groups, options, rules, clauses,
 * aliases, texts): one look for every place that appends an entry.
 */
import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';

interface AddButtonProps {
  /** The translated label, e.g. "Add field". */
  label: string;
  onClick: () => void;
  testId: string;
  disabled?: boolean;
}

export const AddButton = ({ label, onClick, testId, disabled }: AddButtonProps) => (
  <Button size="small" startIcon={<AddIcon />} disabled={disabled} onClick={onClick} data-testid={testId}>
    {label}
  </Button>
);
