import { useEffect } from 'react';
import { beginActivity } from './activity';

/** Suspense fallback of a lazily loaded page: the top progress bar is the loading indicator. */
export const RouteLoading = () => {
  useEffect(() => beginActivity(), []);
  return null;
};
