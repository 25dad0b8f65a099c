import type { ReactNode } from 'react';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { useBranding } from './branding';

/** The mandant's primary colour on top of the app theme (text colour on it chosen for contrast by MUI). */
export const BrandTheme = ({ children }: { children: ReactNode }) => {
  const { primaryColor } = useBranding();
  if (!primaryColor) return <>{children}</>;
  return (
    <ThemeProvider
      theme={(outer: Theme) => ({
        ...outer,
        palette: { ...outer.palette, primary: outer.palette.augmentColor({ color: { main: primaryColor } }) },
      })}
    >
      {children}
    </ThemeProvider>
  );
};
