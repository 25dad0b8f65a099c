/**
 * The footprint report and its verification pages on a calculation's, collection's or order's page (issue 21,
 * item 5): the report as PDF in a language the user picks (the customer's; default the interface language), and the
 * published verification pages with their addresses, the PDF carrying the page's QR code, and "revoke". An order has
 * no report: it publishes its certificate once completed. Publishing asks first and says what becomes public; a draft
 * (or a collection holding one) cannot be published, and the button says why (issue 33, item 6).
 */
import DescriptionIcon from '@mui/icons-material/Description';
import PublicIcon from '@mui/icons-material/Public';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Alert, Box, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Confirm, useGetMany, useNotify, useTranslate } from 'react-admin';
import type { CalculationRecord, FactorDatabaseRecord, PublicationRecord, PublicationSubject } from '../../core/api';
import { LANGUAGES, LANGUAGE_NAMES, type Language } from '../../core/languages';
import { formatDateTime } from '../../core/dates';
import { httpClient, httpErrorText, sendJson } from '../providers/httpClient';
import { useCan } from '../providers/RoleGate';
import { downloadFile } from '../shell/download/saveFile';
import { useLanguage } from '../i18n/useLanguage';
import { SectionCard } from '../layout/SectionCard';

const publicationsKey = (subject: PublicationSubject, id: number) => ['publications', subject, id];

const PublicationRow = ({ publication, mayRevoke }: { publication: PublicationRecord; mayRevoke: boolean }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const lang = useLanguage();
  const [confirming, setConfirming] = useState(false);
  const revoke = async () => {
    setConfirming(false);
    try {
      await httpClient(`/publications/${publication.id}`, { method: 'DELETE' });
      notify('reports.revoked', { type: 'info' });
    } catch (error) {
      notify(httpErrorText(error), { type: 'error' });
    }
    await queryClient.invalidateQueries({
      queryKey: publicationsKey(publication.subject_type, publication.subject_id),
    });
  };
  return (
    <Box
      component="li"
      data-testid="publication"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 0.5 }}
    >
      <Box sx={{ flex: '1 1 18rem', minWidth: 0 }}>
        <Link
          href={publication.url}
          target="_blank"
          rel="noopener"
          data-testid="publication-url"
          sx={{ wordBreak: 'break-all' }}
        >
          {publication.url}
        </Link>
        <Typography variant="caption" component="p" color="text.secondary">
          {translate('reports.published_at', {
            date: formatDateTime(publication.created_at, lang),
            language: LANGUAGE_NAMES[publication.language],
          })}
        </Typography>
      </Box>
      <Button
        label="reports.pdf"
        data-testid="publication-pdf"
        onClick={() =>
          downloadFile(
            `/publications/${publication.id}/document.pdf`,
            `${publication.label}.pdf`,
            'application/pdf',
          ).catch((error: unknown) => notify(httpErrorText(error), { type: 'error' }))
        }
      >
        <PictureAsPdfIcon />
      </Button>
      {mayRevoke ? (
        <>
          <Button
            label="reports.revoke"
            color="error"
            data-testid="publication-revoke"
            onClick={() => setConfirming(true)}
          >
            <LinkOffIcon />
          </Button>
          <Confirm
            isOpen={confirming}
            title="reports.revoke"
            content={translate('reports.revoke_confirm', { label: publication.label })}
            onConfirm={revoke}
            onClose={() => setConfirming(false)}
          />
        </>
      ) : null}
    </Box>
  );
};

/** The report's calculations: whether any is a draft, and whether any rests on a demo database. */
function useReportBasis(calculations: readonly Pick<CalculationRecord, 'status' | 'database_id'>[]) {
  const ids = [...new Set(calculations.map((calculation) => calculation.database_id))];
  const { data: databases = [] } = useGetMany<FactorDatabaseRecord>('databases', { ids }, { enabled: ids.length > 0 });
  return {
    drafts: calculations.some((calculation) => calculation.status === 'draft'),
    demo: databases.some((database) => database.demo),
  };
}

/** Publishing after the user confirmed: the confirmation's state, and the busy flag that keeps the button off meanwhile. */
function usePublish(subject: PublicationSubject, id: number, language: Language) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const publish = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      await sendJson(`/${subject}/${id}/publications`, 'POST', { language });
      notify('reports.published', { type: 'info' });
      await queryClient.invalidateQueries({ queryKey: publicationsKey(subject, id) });
    } catch (error) {
      notify(httpErrorText(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { busy, confirming, setConfirming, publish };
}

/** What becomes public, said before publishing; a demo database's figures are not for customers. */
const PublishConfirmContent = ({ hasReport, demo }: { hasReport: boolean; demo: boolean }) => {
  const translate = useTranslate();
  return (
    <Box data-testid="publish-confirm">
      <Typography variant="body2" component="p" sx={{ mb: demo ? 1 : 0 }}>
        {translate(hasReport ? 'reports.publish_confirm' : 'reports.publish_certificate_confirm')}
      </Typography>
      {hasReport && demo ? (
        <Alert severity="warning" data-testid="publish-demo-note">
          {translate('reports.publish_demo_note')}
        </Alert>
      ) : null}
    </Box>
  );
};

const ReportLanguageSelect = ({
  language,
  onChange,
}: {
  language: Language;
  onChange: (language: Language) => void;
}) => {
  const translate = useTranslate();
  return (
    <TextField
      select
      size="small"
      label={translate('reports.language')}
      value={language}
      onChange={(event) => onChange(event.target.value as Language)}
      sx={{ width: 220 }}
      slotProps={{ htmlInput: { 'data-testid': 'report-language' } }}
    >
      {LANGUAGES.map((lang) => (
        <MenuItem key={lang} value={lang}>
          {LANGUAGE_NAMES[lang]}
        </MenuItem>
      ))}
    </TextField>
  );
};

const PublicationList = ({
  publications,
  mayRevoke,
}: {
  publications: readonly PublicationRecord[];
  mayRevoke: boolean;
}) => {
  const translate = useTranslate();
  return publications.length ? (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }} data-testid="publications">
      {publications.map((publication) => (
        <PublicationRow key={publication.id} publication={publication} mayRevoke={mayRevoke} />
      ))}
    </Box>
  ) : (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} data-testid="publications-none">
      {translate('reports.none')}
    </Typography>
  );
};

export const ReportControls = ({
  subject,
  id,
  publishable = true,
  calculations = [],
}: {
  subject: PublicationSubject;
  id: number;
  /** Whether the subject can be published now (an order: once completed). */
  publishable?: boolean;
  /** The calculations the report is about (a calculation's own record, a collection's). */
  calculations?: readonly Pick<CalculationRecord, 'status' | 'database_id'>[];
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const interfaceLanguage = useLanguage();
  const [language, setLanguage] = useState<Language>(interfaceLanguage);
  const { busy, confirming, setConfirming, publish } = usePublish(subject, id, language);
  const mayPublish = useCan('update', subject);
  const { drafts, demo } = useReportBasis(calculations);
  // The server refuses a draft too (409); the button says why before anyone tries.
  const blocked = drafts
    ? subject === 'collections'
      ? 'reports.publish_drafts_disabled'
      : 'reports.publish_draft_disabled'
    : null;
  const { data: publications = [] } = useQuery({
    queryKey: publicationsKey(subject, id),
    queryFn: async () => (await httpClient<PublicationRecord[]>(`/${subject}/${id}/publications`)).json,
  });
  const hasReport = subject !== 'orders';
  if (!hasReport && !publishable && publications.length === 0) return null;
  return (
    <SectionCard
      title="reports.title"
      help="reports.intro"
      testId="report-controls"
      sx={{ mx: { xs: 1, md: 2 }, my: 2 }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <ReportLanguageSelect language={language} onChange={setLanguage} />
        {hasReport ? (
          <Button
            label="reports.download"
            data-testid="report-download"
            onClick={() =>
              downloadFile(`/${subject}/${id}/report.pdf?language=${language}`, 'report.pdf', 'application/pdf').catch(
                (error: unknown) => notify(httpErrorText(error), { type: 'error' }),
              )
            }
          >
            <DescriptionIcon />
          </Button>
        ) : null}
        {mayPublish && publishable ? (
          <Button
            label={hasReport ? 'reports.publish' : 'reports.publish_certificate'}
            data-testid="report-publish"
            disabled={busy || blocked !== null}
            onClick={() => setConfirming(true)}
          >
            <PublicIcon />
          </Button>
        ) : null}
      </Stack>
      {mayPublish && publishable && blocked ? (
        <Alert severity="info" sx={{ mt: 2 }} data-testid="publish-blocked">
          {translate(blocked)}
        </Alert>
      ) : null}
      <Confirm
        isOpen={confirming}
        title="reports.publish_confirm_title"
        content={<PublishConfirmContent hasReport={hasReport} demo={demo} />}
        onConfirm={publish}
        onClose={() => setConfirming(false)}
      />
      <PublicationList publications={publications} mayRevoke={mayPublish} />
    </SectionCard>
  );
};
