import { useLocation } from 'react-router-dom';
import { ErrorView } from './ErrorView';
import { errorStatus } from './ShellError';

/**
 * `/error-with-user`: the error page inside the default layout. The error comes from the navigation state
 * (`navigate('/error-with-user', { state: { status, message } })`) or the query (`?status=403&message=…`).
 */
const ErrorWithUserPage = () => {
  const location = useLocation();
  const state = (location.state ?? {}) as { status?: unknown; message?: unknown };
  const query = new URLSearchParams(location.search);
  const status = errorStatus({ status: typeof state.status === 'number' ? state.status : Number(query.get('status')) });
  const message = typeof state.message === 'string' ? state.message : (query.get('message') ?? '');
  return <ErrorView status={status} message={message} />;
};

export default ErrorWithUserPage;
