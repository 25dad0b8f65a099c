/**
 * A secret the server answers once and never again (an API token, a storefront's secret key, a webhook's signing
 * secret): the warning to copy it now, the value selected on focus, and a copy button. One component, so every such
 * secret reads and behaves alike; the caller words the warning for where the secret goes.
 */
import { Alert, Box, IconButton, TextField, Tooltip, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify, useTranslate } from 'react-admin';

export interface SecretShownOnceProps {
  secret: string;
  /** What the secret is for (its name, the endpoint's address): the field's label. */
  label: string;
  /** Message key of the warning, e.g. "copy it into the shop server's configuration now". */
  warning: string;
  /** `data-testid` of the read-only field. */
  testId: string;
  /** Closes the notice (the secret is then gone for good); without it the notice has no close button. */
  onClose?: () => void;
}

export const SecretShownOnce = ({ secret, label, warning, testId, onClose }: SecretShownOnceProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      notify('app.secret.copied', { type: 'info' });
    } catch {
      notify('app.secret.copy_failed', { type: 'warning' });
    }
  };
  return (
    <Alert severity="warning" sx={{ mb: 2, '& .MuiAlert-message': { flex: 1 } }} onClose={onClose}>
      <Typography variant="body2">{translate(warning)}</Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
        <TextField
          value={secret}
          label={label}
          fullWidth
          size="small"
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': testId } }}
          onFocus={(event) => event.target.select()}
        />
        <Tooltip title={translate('app.secret.copy')}>
          <IconButton onClick={() => void copy()} aria-label={translate('app.secret.copy')}>
            <ContentCopyIcon />
          </IconButton>
        </Tooltip>
      </Box>
    </Alert>
  );
};
