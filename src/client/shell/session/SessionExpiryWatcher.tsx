/** Inside the app layout: a 401 from any direct API call signs the user out to /login (and back after signing in). */
import { useEffect } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import { onSessionRejected } from './sessionRejected';

export const SessionExpiryWatcher = () => {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  // react-admin's own handling: authProvider.checkError decides, and a burst of 401s logs out once.
  useEffect(() => onSessionRejected((error) => void logoutIfAccessDenied(error)), [logoutIfAccessDenied]);
  return null;
};
