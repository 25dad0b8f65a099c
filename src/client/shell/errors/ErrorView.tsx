import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Box, Button, Typography } from '@mui/material';
import HomeIcon from '@mui/icons-material/Home';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Link } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { ErrorPageFailure } from './ErrorPageFailure';
import { UNKNOWN_MIDDLEWARE } from './ShellError';

/** Messages the error page knows by their English wording, shown translated. */
const KNOWN_MESSAGES: Record<string, string> = {
  [UNKNOWN_MIDDLEWARE]: 'errors.unknown_middleware',
};

function messageKey(status: number, message: string): string {
  if (KNOWN_MESSAGES[message]) return KNOWN_MESSAGES[message];
  if (!message) return status === 404 ? 'app.not_found.title' : 'errors.generic';
  return message;
}

/** Catches a failure of the error page itself, so the user always gets a way home. */
export class ErrorPageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('The error page failed.', error, info.componentStack);
  }

  render(): ReactNode {
    return this.state.failed ? <ErrorPageFailure /> : this.props.children;
  }
}

interface ErrorViewProps {
  status: number;
  message: string;
  /** Offers "try again" beside the way home (e.g. a page whose code did not load). */
  onRetry?: () => void;
}

const ErrorContent = ({ status, message, onRetry }: ErrorViewProps) => {
  const translate = useTranslate();
  // Server messages and translation keys both work: an unknown key comes back as itself.
  const text = translate(messageKey(status, message), { _: message || translate('errors.generic') });
  return (
    <Box sx={{ textAlign: 'center', mt: 6, px: 2 }} data-testid="error-page" data-status={status}>
      <Title title={translate('errors.title', { status })} />
      <Typography variant="h2" component="p" color="text.secondary">
        {status}
      </Typography>
      <Typography variant="h5" component="h2" role="alert" sx={{ my: 2 }}>
        {text}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
        {onRetry ? (
          <Button onClick={onRetry} variant="contained" startIcon={<RefreshIcon />}>
            {translate('errors.retry')}
          </Button>
        ) : null}
        <Button component={Link} to="/" variant={onRetry ? 'outlined' : 'contained'} startIcon={<HomeIcon />}>
          {translate('app.not_found.back_home')}
        </Button>
      </Box>
    </Box>
  );
};

/** The error page body: status code, translated message, the way home. */
export const ErrorView = (props: ErrorViewProps) => (
  <ErrorPageBoundary>
    <ErrorContent {...props} />
  </ErrorPageBoundary>
);
