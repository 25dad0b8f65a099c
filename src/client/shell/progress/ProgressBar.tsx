import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Box, LinearProgress, Portal } from '@mui/material';
import { useTranslate } from 'react-admin';
import { pendingActivities, subscribeActivity } from './activity';

/** Waits shorter than this show nothing, so fast requests do not make the bar flicker. */
export const PROGRESS_THROTTLE_MS = 200;
/** The bar's nominal run: it creeps towards the end over this time and completes when the work is done. */
export const PROGRESS_DURATION_MS = 5000;
const TICK_MS = 100;
const FINISH_MS = 300;

function busySnapshot(): boolean {
  return pendingActivities() > 0;
}

/**
 * The thin bar at the top of the window during navigation and API requests. Rendered once per layout.
 */
export const ProgressBar = () => {
  const translate = useTranslate();
  const busy = useSyncExternalStore(subscribeActivity, busySnapshot, () => false);
  const [value, setValue] = useState<number | null>(null);
  const startedAt = useRef(0);

  useEffect(() => {
    if (busy) {
      let tick: ReturnType<typeof setInterval> | undefined;
      const show = setTimeout(() => {
        startedAt.current = Date.now();
        setValue(0);
        tick = setInterval(() => {
          // Eases towards 95 % over the nominal duration; the last step happens when the work is done.
          const share = Math.min(1, (Date.now() - startedAt.current) / PROGRESS_DURATION_MS);
          setValue(Math.round(95 * share * (2 - share)));
        }, TICK_MS);
      }, PROGRESS_THROTTLE_MS);
      return () => {
        clearTimeout(show);
        if (tick) clearInterval(tick);
      };
    }
    // Done: complete the bar briefly if it was visible, then hide it.
    setValue((current) => (current === null ? null : 100));
    const hide = setTimeout(() => setValue(null), FINISH_MS);
    return () => clearTimeout(hide);
  }, [busy]);

  if (value === null) return null;
  // In a portal on <body>: inside the layout, a stacking context of the page (its fade) kept the bar under the app bar.
  // Amber on a light track: visible on the app bar in any brand colour and on the login page's light background.
  return (
    <Portal>
      <Box sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.tooltip + 1 }}>
        <LinearProgress
          variant="determinate"
          value={value}
          aria-label={translate('shell.progress.loading')}
          data-testid="progress-bar"
          sx={{
            height: 4,
            backgroundColor: 'rgba(255, 255, 255, 0.45)',
            '& .MuiLinearProgress-bar': { backgroundColor: '#ffb300' },
          }}
        />
      </Box>
    </Portal>
  );
};
