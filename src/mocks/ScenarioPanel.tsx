/**
 * The scenario panel, shown only in mock mode: a QA engineer puts the mocked API into a state that is hard to reach
 * for real (an error on one route, a slow or absent network, an expired session, an empty or huge mandant, a locked
 * calculation, an old template version) and sees any mocked answer that does not fit the API contract.
 * It lives outside the app's React tree, so it reads the page's language from `<html lang>`.
 */
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  InputLabel,
  MenuItem,
  Paper,
  Select,
  Stack,
  Typography,
  type SxProps,
  type Theme,
} from '@mui/material';
import { translate } from '../core/i18n/translate';
import { isLanguage, type Language } from '../core/languages';
import type { Violation } from './contract';
import { ERROR_STATUSES, type ErrorStatus, type MandantData, type ScenarioState, type Scenarios } from './scenarios';

const DELAYS = [0, 500, 2000, 5000];
const MANDANT_DATA: MandantData[] = ['demo', 'empty', 'large'];

function usePageLanguage(): Language {
  const read = () => {
    const lang = document.documentElement.lang;
    return isLanguage(lang) ? lang : 'de';
  };
  const [language, setLanguage] = useState(read);
  useEffect(() => {
    const observer = new MutationObserver(() => setLanguage(read()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
    return () => observer.disconnect();
  }, []);
  return language;
}

type Translate = (key: string, params?: Record<string, string | number>) => string;

/** What each section needs: the scenario state to show, the store to change it, the panel's words. */
interface SectionProps {
  state: ScenarioState;
  scenarios: Scenarios;
  t: Translate;
}

const ContractWarnings = ({ violations, count, t }: { violations: Violation[]; count: number; t: Translate }) => (
  <Alert severity="warning" role="alert">
    {t('contractWarnings', { count })}
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {violations.slice(-5).map((violation, index) => (
        <li key={index}>
          {violation.operation} {violation.status}: {violation.problems.join('; ')}
        </li>
      ))}
    </Box>
  </Alert>
);

/** One of the panel's selects: a small MUI select whose label the id ties to it. */
const PanelSelect = ({
  id,
  label,
  value,
  onChange,
  sx,
  disabled,
  children,
}: {
  id: string;
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  sx: SxProps<Theme>;
  disabled?: boolean;
  children: ReactNode;
}) => (
  <FormControl size="small" sx={sx} disabled={disabled}>
    <InputLabel id={id}>{label}</InputLabel>
    <Select labelId={id} label={label} value={value} onChange={(event) => onChange(String(event.target.value))}>
      {children}
    </Select>
  </FormControl>
);

const ErrorControls = ({ state, scenarios, t, routes }: SectionProps & { routes: string[] }) => (
  <Stack direction="row" spacing={1}>
    <PanelSelect
      id="mock-error-status"
      label={t('errorStatus')}
      value={state.error ? String(state.error.status) : ''}
      onChange={(value) => {
        const status = Number(value) as ErrorStatus;
        scenarios.set({ error: status ? { status, route: state.error?.route ?? '*' } : null });
      }}
      sx={{ minWidth: 110 }}
    >
      <MenuItem value="">{t('none')}</MenuItem>
      {ERROR_STATUSES.map((status) => (
        <MenuItem key={status} value={String(status)}>
          {status}
        </MenuItem>
      ))}
    </PanelSelect>
    <PanelSelect
      id="mock-error-route"
      label={t('errorRoute')}
      value={state.error?.route ?? '*'}
      onChange={(route) => state.error && scenarios.set({ error: { ...state.error, route } })}
      sx={{ flex: 1, minWidth: 0 }}
      disabled={!state.error}
    >
      <MenuItem value="*">{t('allRoutes')}</MenuItem>
      {routes.map((route) => (
        <MenuItem key={route} value={route}>
          {route}
        </MenuItem>
      ))}
    </PanelSelect>
  </Stack>
);

const DelayAndDataControls = ({ state, scenarios, t }: SectionProps) => (
  <Stack direction="row" spacing={1}>
    <PanelSelect
      id="mock-delay"
      label={t('delay')}
      value={state.delayMs}
      onChange={(ms) => scenarios.set({ delayMs: Number(ms) })}
      sx={{ minWidth: 110 }}
    >
      {DELAYS.map((ms) => (
        <MenuItem key={ms} value={ms}>
          {ms === 0 ? t('none') : t('milliseconds', { ms })}
        </MenuItem>
      ))}
    </PanelSelect>
    <PanelSelect
      id="mock-mandant-data"
      label={t('mandantData')}
      value={state.mandantData}
      onChange={(data) => scenarios.set({ mandantData: data as MandantData })}
      sx={{ flex: 1 }}
    >
      {MANDANT_DATA.map((data) => (
        <MenuItem key={data} value={data}>
          {t(`mandant_${data}`)}
        </MenuItem>
      ))}
    </PanelSelect>
  </Stack>
);

/** The on/off scenarios: the state's flag and the key of its label. */
const SWITCHES = [
  ['offline', 'offline'],
  ['lockedCalculation', 'locked'],
  ['oldTemplateVersion', 'oldTemplate'],
] as const;

const ScenarioSwitches = ({ state, scenarios, t }: SectionProps) => (
  <Box>
    {SWITCHES.map(([flag, label]) => (
      <FormControlLabel
        key={flag}
        control={
          <Checkbox checked={state[flag]} onChange={(_, checked) => scenarios.set({ [flag]: checked })} size="small" />
        }
        label={t(label)}
      />
    ))}
  </Box>
);

export function ScenarioPanel({
  scenarios,
  routes,
  violations,
  subscribeViolations,
}: {
  scenarios: Scenarios;
  routes: string[];
  violations: Violation[];
  subscribeViolations: (listener: () => void) => () => void;
}) {
  const state = useSyncExternalStore(
    (listener) => scenarios.subscribe(listener),
    () => scenarios.state,
  );
  const violationCount = useSyncExternalStore(subscribeViolations, () => violations.length);
  const language = usePageLanguage();
  const t = (key: string, params: Record<string, string | number> = {}) => translate(language, `mocks.${key}`, params);
  const [open, setOpen] = useState(false);
  const active =
    state.error !== null ||
    state.delayMs > 0 ||
    state.offline ||
    state.mandantData !== 'demo' ||
    state.lockedCalculation ||
    state.oldTemplateVersion;

  return (
    <Box
      // Above the app bar and drawer, below MUI's menus and dialogs (1300), so that the panel's own selects open over it.
      component="aside"
      aria-label={t('title')}
      sx={{ position: 'fixed', left: 12, bottom: 12, zIndex: 1250, maxWidth: 360, fontFamily: 'Roboto, sans-serif' }}
    >
      {open ? (
        <Paper elevation={8} sx={{ p: 2, maxHeight: '80vh', overflowY: 'auto' }}>
          <Stack spacing={1.5}>
            <Typography variant="subtitle1" component="h2">
              {t('title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('intro')}
            </Typography>
            {violationCount > 0 && <ContractWarnings violations={violations} count={violationCount} t={t} />}
            <ErrorControls state={state} scenarios={scenarios} t={t} routes={routes} />
            <DelayAndDataControls state={state} scenarios={scenarios} t={t} />
            <ScenarioSwitches state={state} scenarios={scenarios} t={t} />
            <Stack direction="row" spacing={1} justifyContent="space-between">
              <Button size="small" variant="outlined" onClick={() => scenarios.set({ sessionExpiredAt: Date.now() })}>
                {t('expireSession')}
              </Button>
              <Button size="small" onClick={() => scenarios.reset()}>
                {t('reset')}
              </Button>
              <Button size="small" onClick={() => setOpen(false)}>
                {t('close')}
              </Button>
            </Stack>
          </Stack>
        </Paper>
      ) : (
        <Button
          variant="contained"
          color={violationCount > 0 ? 'warning' : active ? 'secondary' : 'primary'}
          size="small"
          onClick={() => setOpen(true)}
        >
          {t('open')}
          {violationCount > 0 ? ` ⚠ ${violationCount}` : active ? ' •' : ''}
        </Button>
      )}
    </Box>
  );
}
