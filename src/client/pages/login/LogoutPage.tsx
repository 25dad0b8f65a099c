import { useEffect, useRef } from 'react';
import { Loading, useLogout } from 'react-admin';

/** `/logout`: signs out and goes to /login (without remembering /logout as the place to return to). */
export const LogoutPage = () => {
  const logout = useLogout();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout({}, '/login', false);
  }, [logout]);
  return <Loading />;
};
