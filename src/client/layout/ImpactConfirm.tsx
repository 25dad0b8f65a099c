/**
 * The confirmation before a change that others' work rests on (issue #34): it asks the server what the change
 * touches — calculations by template and database, templates, databases, fields and options in use — and shows the
 * counts with links before the admin confirms. Links open in a new tab, so a draft being edited stays open.
 */
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  List,
  ListItem,
  Typography,
} from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { ChangeImpact, ImpactEntry } from '../../core/api';

const EntryList = ({ title, entries, testId }: { title: string; entries: ImpactEntry[]; testId: string }) => {
  const translate = useTranslate();
  if (entries.length === 0) return null;
  return (
    <Box sx={{ mt: 1 }} data-testid={testId}>
      <Typography variant="subtitle2">{title}</Typography>
      <List dense disablePadding>
        {entries.map((entry) => (
          <ListItem key={entry.key} disableGutters sx={{ py: 0 }}>
            {entry.link ? (
              <Link href={entry.link} target="_blank" rel="noopener">
                {entry.label}
              </Link>
            ) : (
              entry.label
            )}
            {entry.count !== null ? (
              <Typography component="span" variant="body2" sx={{ ml: 1, color: 'text.secondary' }}>
                {translate('impact.count', { smart_count: entry.count })}
              </Typography>
            ) : null}
          </ListItem>
        ))}
      </List>
    </Box>
  );
};

/** What a change touches, as counts and links. */
export const ImpactSummary = ({ impact }: { impact: ChangeImpact }) => {
  const translate = useTranslate();
  const data = [
    ...impact.fields
      .filter((field) => (field.count ?? 0) > 0)
      .map((field) =>
        translate(field.change === 'renamed' ? 'impact.field_renamed' : 'impact.field_removed', {
          label: field.label,
          name: field.key,
          to: field.to ?? '',
          smart_count: field.count ?? 0,
        }),
      ),
    ...impact.options
      .filter((option) => (option.count ?? 0) > 0)
      .map((option) =>
        translate('impact.option_removed', {
          label: option.label,
          field: option.field_label,
          smart_count: option.count ?? 0,
        }),
      ),
  ];
  return (
    <Box data-testid="impact-summary">
      <Typography variant="body1" sx={{ fontWeight: 600 }} data-testid="impact-calculations">
        {impact.calculations > 0
          ? translate('impact.calculations', { smart_count: impact.calculations })
          : translate('impact.none')}
      </Typography>
      {data.length > 0 ? (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid="impact-data">
          <Typography variant="subtitle2">{translate('impact.data')}</Typography>
          {data.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </Alert>
      ) : null}
      <EntryList title={translate('impact.by_template')} entries={impact.by_template} testId="impact-by-template" />
      <EntryList title={translate('impact.by_database')} entries={impact.by_database} testId="impact-by-database" />
      <EntryList title={translate('impact.templates')} entries={impact.templates} testId="impact-templates" />
      <EntryList title={translate('impact.databases')} entries={impact.databases} testId="impact-databases" />
    </Box>
  );
};

/**
 * A confirmation that loads the impact when it opens. `load` undefined: nothing to ask the server (e.g. a template
 * not saved yet), only `children` are shown. A failed load is shown and does not block the change: the server still
 * checks the change itself.
 */
export const ImpactConfirm = ({
  open,
  title,
  load,
  confirmLabel,
  children,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  load?: () => Promise<ChangeImpact>;
  confirmLabel?: string;
  children?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const [state, setState] = useState<
    { kind: 'loading' } | { kind: 'done'; impact: ChangeImpact } | { kind: 'failed'; message: string } | null
  >(null);
  useEffect(() => {
    if (!open || !load) {
      setState(null);
      return;
    }
    let current = true;
    setState({ kind: 'loading' });
    load().then(
      (impact) => current && setState({ kind: 'done', impact }),
      (error: unknown) =>
        current && setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      current = false;
    };
    // `load` is a new closure each render; the dialog asks once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="impact-dialog-title"
      data-testid="impact-dialog"
    >
      <DialogTitle id="impact-dialog-title">{title}</DialogTitle>
      <DialogContent>
        {children}
        {state?.kind === 'loading' ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
            <CircularProgress size={18} />
            <Typography variant="body2">{translate('impact.checking')}</Typography>
          </Box>
        ) : null}
        {state?.kind === 'failed' ? (
          <Alert severity="info" sx={{ mt: 1 }}>
            {translate('impact.failed', { message: state.message })}
          </Alert>
        ) : null}
        {state?.kind === 'done' ? (
          <Box sx={{ mt: 1 }}>
            <ImpactSummary impact={state.impact} />
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="impact-cancel">
          {translate('ra.action.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={onConfirm}
          disabled={state?.kind === 'loading'}
          data-testid="impact-confirm"
        >
          {confirmLabel ?? translate('ra.action.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
