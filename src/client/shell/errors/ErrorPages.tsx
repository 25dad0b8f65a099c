import { useEffect, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useResetErrorBoundaryOnLocationChange } from 'react-admin';
import { isChunkLoadError } from '../navigation/chunkReload';
import { ChunkFailure } from './ChunkFailure';
import { ErrorView } from './ErrorView';
import { errorMessage, errorStatus } from './ShellError';
import { clearErrorPage, useErrorPageState } from './errorPageState';

interface CaughtErrorProps {
  error: unknown;
  errorInfo?: ErrorInfo;
}

const CaughtError = ({ error }: CaughtErrorProps) => {
  useEffect(() => {
    console.error('Kontor caught an error.', error);
  }, [error]);
  // A page whose code did not load: after a deploy, offline, or with the server gone (see ChunkFailure).
  if (isChunkLoadError(error)) return <ChunkFailure />;
  return <ErrorView status={errorStatus(error)} message={errorMessage(error)} />;
};

/** react-admin's layout `error` component: the error page inside the default layout (menu and user menu stay). */
export const LayoutErrorPage = (props: CaughtErrorProps) => <CaughtError {...props} />;

/** react-admin's `<Admin error>`: errors outside the layout. Reset on the next route change. */
export const AppErrorPage = (props: CaughtErrorProps & { resetErrorBoundary?: (...args: unknown[]) => void }) => {
  useResetErrorBoundaryOnLocationChange(props.resetErrorBoundary ?? (() => undefined));
  return <CaughtError {...props} />;
};

/**
 * Shows the error-page state (see errorPageState.ts) instead of the page, and resets it on the next route change.
 */
export const ErrorPageGate = ({ children }: { children: ReactNode }) => {
  const state = useErrorPageState();
  const { pathname, search } = useLocation();
  useEffect(() => {
    // Only later route changes reset it: the state may just have been set for this very route.
    return () => clearErrorPage();
  }, [pathname, search]);
  return state ? <ErrorView status={state.status} message={state.message} /> : <>{children}</>;
};
