/**
 * Inside the calculation form: writes the form's unsaved values as its draft while the user types (and removes it
 * when nothing is unsaved any more), and offers a draft found when the form opens — restore it or discard it. While
 * that offer stands nothing is written, so the draft cannot be overwritten before the user has decided.
 */
import { Alert, Button } from '@mui/material';
import { useEffect, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import type { JsonValue } from '../shell/persistence/clientState';
import { readSession } from '../providers/session';
import { formatDateTime } from '../i18n/dates';
import { readDraft, removeDraft, writeDraft, type CalculationDraft } from './drafts';

/** Typing is recorded after this pause, not on every keystroke. */
const WRITE_DELAY_MS = 400;

export const CalculationDraftKeeper = ({ formKey }: { formKey: string }) => {
  const translate = useTranslate();
  const [locale = 'de'] = useLocaleState();
  // Read once: the form re-renders on every keystroke, and the session does not change while it is open.
  const [userId] = useState(() => readSession()?.user.id);
  const [offer, setOffer] = useState<CalculationDraft | null>(() =>
    userId === undefined ? null : readDraft(formKey, userId),
  );
  const { reset } = useFormContext();
  const values = useWatch();
  const { isDirty, isSubmitting, isSubmitSuccessful } = useFormState();

  useEffect(() => {
    // After a successful save the page has removed the draft and is leaving (or resets the form to the saved
    // record); a write still pending then would bring the spent draft back when navigation is slow.
    if (offer || userId === undefined || isSubmitting || isSubmitSuccessful) return undefined;
    const timer = setTimeout(() => {
      if (isDirty)
        writeDraft(formKey, {
          user_id: userId,
          saved_at: new Date().toISOString(),
          values: values as { [key: string]: JsonValue },
        });
      else removeDraft(formKey);
    }, WRITE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [offer, userId, isSubmitting, isSubmitSuccessful, isDirty, values, formKey]);

  if (!offer) return null;
  const restore = () => {
    // Against the form's own defaults, so the restored values count as unsaved changes.
    reset(offer.values, { keepDefaultValues: true });
    setOffer(null);
  };
  const discard = () => {
    removeDraft(formKey);
    setOffer(null);
  };
  return (
    <Alert
      severity="info"
      data-testid="calculation-draft"
      sx={{ mb: 2 }}
      action={
        <>
          <Button color="inherit" size="small" onClick={restore}>
            {translate('calculations.draft.restore')}
          </Button>
          <Button color="inherit" size="small" onClick={discard}>
            {translate('calculations.draft.discard')}
          </Button>
        </>
      }
    >
      {translate('calculations.draft.found', { time: formatDateTime(offer.saved_at, locale) })}
    </Alert>
  );
};
