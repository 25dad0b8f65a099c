/**
 * Saving or publishing a version asks first (issue #34): the dialog names the calculations the version reaches, by
 * template and database, and those holding a field it drops or renames or an option it drops, with links.
 */
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Typography } from '@mui/material';
import { ImpactConfirm } from '../layout/ImpactConfirm';
import { useKontorDataProvider } from '../providers/dataProvider';

interface Pending {
  kind: 'draft' | 'published';
  /** The draft's definition (a save), or the saved version being published as it is. */
  subject: { definition: unknown } | { version: number };
  run: () => Promise<void> | void;
}

export function useSaveImpact(
  templateId: string,
  known: boolean,
): {
  ask: (pending: Pending) => void;
  dialog: ReactNode;
} {
  const translate = useTranslate();
  const dataProvider = useKontorDataProvider();
  const [pending, setPending] = useState<Pending | null>(null);
  const close = () => setPending(null);
  return {
    // A template new to the server touches nothing yet: its draft is saved at once.
    ask: (next) => (next.kind === 'draft' && !known ? void next.run() : setPending(next)),
    dialog: (
      <ImpactConfirm
        open={pending !== null}
        title={translate(pending?.kind === 'published' ? 'impact.publish_title' : 'impact.save_title')}
        confirmLabel={translate(
          pending?.kind === 'published' ? 'templateEditor.actions.publish' : 'templateEditor.actions.save_draft',
        )}
        load={
          known && pending
            ? () => dataProvider.templateImpact({ template_id: templateId, ...pending.subject })
            : undefined
        }
        onClose={close}
        onConfirm={() => {
          const run = pending?.run;
          close();
          void run?.();
        }}
      >
        <Typography variant="body2">{translate('impact.template_note')}</Typography>
      </ImpactConfirm>
    ),
  };
}
