import { Card, CardContent, CardHeader, Collapse, IconButton, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { useId, useState, type ReactNode } from 'react';
import { useFormState } from 'react-hook-form';
import { useTranslate } from 'react-admin';

/**
 * One template group as a card the user can fold away. The content stays mounted while folded, so its inputs keep
 * their values and validation; a folded group with an error (e.g. from the server) opens itself and is marked.
 */
export const CollapsibleGroup = ({
  title,
  help,
  initiallyCollapsed = false,
  children,
  testId,
  fieldPaths = [],
}: {
  title: string;
  help?: string;
  initiallyCollapsed?: boolean;
  children: ReactNode;
  testId?: string;
  /** The form paths of the group's inputs, to notice their errors. */
  fieldPaths?: string[];
}) => {
  const translate = useTranslate();
  const [userOpen, setOpen] = useState(!initiallyCollapsed);
  const { errors } = useFormState({ name: fieldPaths, disabled: fieldPaths.length === 0 });
  const hasError = fieldPaths.some((path) => readError(errors, path));
  const open = userOpen || hasError;
  const contentId = useId();
  return (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid={testId}>
      <CardHeader
        title={
          <Typography variant="h6" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            {title}
            {hasError ? (
              <ErrorOutlineIcon color="error" fontSize="small" aria-label={translate('template.group_has_errors')} />
            ) : null}
          </Typography>
        }
        subheader={help}
        sx={{ pb: open ? 0 : undefined }}
        action={
          <IconButton
            onClick={() => setOpen((value) => !value)}
            aria-expanded={open}
            aria-controls={contentId}
            aria-label={translate(open ? 'template.collapse' : 'template.expand', { group: title })}
            sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
          >
            <ExpandMoreIcon />
          </IconButton>
        }
      />
      <Collapse in={open} id={contentId}>
        <CardContent>{children}</CardContent>
      </Collapse>
    </Card>
  );
};

function readError(errors: unknown, path: string): boolean {
  let current: unknown = errors;
  for (const step of path.split('.')) {
    if (current === null || typeof current !== 'object') return false;
    current = (current as Record<string, unknown>)[step];
  }
  return current !== undefined && current !== null;
}
