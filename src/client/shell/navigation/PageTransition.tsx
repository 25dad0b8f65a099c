import { useEffect, useState, type ReactNode } from 'react';
import { Box } from '@mui/material';
import { UNSAFE_LocationContext, useLocation, useNavigationType } from 'react-router-dom';

/** Each half of the fade (out, then in). */
export const FADE_MS = 150;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** The screen a path belongs to: `/calculations/product` and `/calculations` are one screen, `/profile` another. */
export function screenOf(pathname: string): string {
  return pathname.split('/')[1] ?? '';
}

/**
 * Scrolls to the top on every route change, and between screens fades the old page out, then the new one in
 * ("out-in"): during the fade-out the pages below still see the old location (react-router's location context),
 * so the old page stays on screen instead of the new one flashing in early. Within a screen (tabs, list → edit,
 * paging and filters in the query) there is no fade: the screen updates in place.
 */
export const PageTransition = ({ children }: { children: ReactNode }) => {
  const location = useLocation();
  const navigationType = useNavigationType();
  const [shown, setShown] = useState(location);
  const [fadingOut, setFadingOut] = useState(false);
  const screenChanged = screenOf(location.pathname) !== screenOf(shown.pathname);
  const pathChanged = location.pathname !== shown.pathname;

  useEffect(() => {
    if (!screenChanged) {
      setShown(location);
      if (pathChanged) window.scrollTo(0, 0);
      return undefined;
    }
    const swap = () => {
      setShown(location);
      setFadingOut(false);
      window.scrollTo(0, 0);
    };
    if (prefersReducedMotion()) {
      swap();
      return undefined;
    }
    setFadingOut(true);
    const timer = setTimeout(swap, FADE_MS);
    return () => clearTimeout(timer);
  }, [location, screenChanged, pathChanged]);

  return (
    <UNSAFE_LocationContext.Provider value={{ location: screenChanged ? shown : location, navigationType }}>
      <Box
        data-testid="page-transition"
        data-phase={fadingOut ? 'out' : 'in'}
        sx={{
          opacity: fadingOut ? 0 : 1,
          transition: `opacity ${FADE_MS}ms ease-in-out`,
          flex: 1,
          display: 'flex',
          flexDirection: 'column',
        }}
      >
        {children}
      </Box>
    </UNSAFE_LocationContext.Provider>
  );
};
