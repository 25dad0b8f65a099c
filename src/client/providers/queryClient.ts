/**
 * react-admin's react-query client. Mutations run even while the browser reports being offline: by default
 * react-query would silently park a save until the connection returns (the user sees a spinner and may close the
 * tab); trying it makes the httpClient's network error explain that the change was not sent, and the pessimistic
 * form keeps its content for another try. Queries keep pausing offline and refetch when the connection is back.
 */
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { mutations: { networkMode: 'always' } } });
}
