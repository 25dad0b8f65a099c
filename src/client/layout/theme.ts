import type { CheckboxOwnerState } from '@mui/material';
import { defaultTheme, type RaThemeOptions } from 'react-admin';

/**
 * react-admin's light theme with darker brand colours: the default app bar blue (#2196f3) and the focused-label blue
 * fail WCAG AA contrast against white text / the filled input background; so does the error red on the grey form
 * toolbar, and MUI's info and warning colours on white.
 */
export const kontorTheme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#1565c0', contrastText: '#fff' },
    secondary: { light: '#60ad5e', main: '#2e7d32', dark: '#1b5e20', contrastText: '#fff' },
    error: { main: '#c62828', contrastText: '#fff' },
    // MUI's info (#0288d1) and warning (#ed6c02) reach only 3.9:1 and 3.1:1 on white (chips, alerts, icons).
    info: { light: '#03a9f4', main: '#0277bd', dark: '#01579b', contrastText: '#fff' },
    warning: { light: '#ff9800', main: '#b45309', dark: '#8a3c04', contrastText: '#fff' },
  },
  // Buttons and tabs in the words' own case, not MUI's capitals: a label may carry a unit ("kg CO₂e", "Bogen/h"),
  // and a unit in capitals is another unit (KG, CO₂E); German nouns keep their capital letter either way.
  typography: {
    ...defaultTheme.typography,
    button: { ...(defaultTheme.typography as { button?: object } | undefined)?.button, textTransform: 'none' },
    overline: { ...(defaultTheme.typography as { overline?: object } | undefined)?.overline, textTransform: 'none' },
  },
  components: {
    ...defaultTheme.components,
    RaToolbar: { styleOverrides: { root: { backgroundColor: '#f5f5f5' } } },
    // A checkbox's `aria-label` names its <input>, which a screen reader lands on, not MUI's root <span>, where it
    // is a prohibited attribute (axe: `label`, `aria-prohibited-attr`). react-admin's row-selection checkboxes
    // (Datagrid, DataTable) pass their translated label as a plain prop; an explicit input label still wins.
    MuiCheckbox: {
      defaultProps: {
        slotProps: {
          root: () => ({ 'aria-label': undefined }),
          input: (ownerState: CheckboxOwnerState) =>
            ownerState['aria-label'] ? { 'aria-label': ownerState['aria-label'] } : {},
        },
      },
    },
  },
};
