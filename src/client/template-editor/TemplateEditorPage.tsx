/**
 * The template editor (`/templates/new`, `/templates/:id?version=n`): the JSON editor or the
 * form editor on the left (both edit one JSON text), the live preview on the right, the faults
 * with their lines below, and the versions of the template. Saving always creates a new version.
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import FileCopyIcon from '@mui/icons-material/FileCopy';
import PublishIcon from '@mui/icons-material/Publish';
import SaveIcon from '@mui/icons-material/Save';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { ApiErrorBody, TemplateVersionRecord, TemplateVersionStatus } from '../../core/api';
import type { Template } from '../../core/template';
import {
  useExportTemplateVersion,
  useFetchTemplateVersions,
  useTemplateVersionMutations,
  useTemplateVersions,
} from './api';
import { emptyTemplate, toText, type EditableTemplate } from './definitionEdits';
import { downloadJson, templateFileText } from './download';
import { FaultList } from './FaultList';
import { EditorFaults, goToFault } from './FaultsAt';
import { FormEditor } from './FormEditor';
import { ImportButton } from './ImportButton';
import { TemplatePreview } from './TemplatePreview';
import { checkTemplateText, faultsFromPointers, type EditorFault } from './validation';
import { useFactorCategories } from '../factors/factorQueries';
import { useLanguage } from '../i18n/useLanguage';
import { useUnitCatalog } from '../units/useUnitCatalog';
import { VersionsPanel } from './VersionsPanel';
import { useSaveImpact } from './useSaveImpact';
import { RouteLoading } from '../shell/progress/RouteLoading';
import { lazyPage } from '../shell/navigation/lazyPage';
import { TemplateStatusChip } from './TemplateStatusChip';

// CodeMirror is the bulk of the JSON tab: its own chunk, fetched when the tab opens.
const JsonEditor = lazyPage(() => import('./JsonEditor'));

interface Loaded {
  record: TemplateVersionRecord;
  text: string;
}

/** Navigation state of `/templates/new` after an import on the list page. */
export interface EditorLocationState {
  importedText?: string;
}

function parseObject(text: string): EditableTemplate | undefined {
  try {
    const json: unknown = JSON.parse(text);
    return typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as EditableTemplate) : undefined;
  } catch {
    return undefined;
  }
}

function errorOf(error: unknown): { status: number; body: ApiErrorBody } {
  const e = error as { status?: number; body?: ApiErrorBody; message?: string };
  return { status: e.status ?? 0, body: e.body ?? { message: e.message ?? String(error) } };
}

const NO_VERSIONS: TemplateVersionRecord[] = [];

// eslint-disable-next-line max-lines-per-function -- 322 lines, not yet split into named steps (issue 37)
const TemplateEditorPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { id } = useParams<{ id: string }>();
  const [search] = useSearchParams();
  const location = useLocation();
  const wantedVersion = search.get('version') ? Number(search.get('version')) : undefined;

  const [text, setText] = useState(
    () => (location.state as EditorLocationState | null)?.importedText ?? (id ? '' : toText(emptyTemplate())),
  );
  const [tab, setTab] = useState<'form' | 'json'>('form');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const { data: versions = NO_VERSIONS } = useTemplateVersions(id);
  const fetchVersions = useFetchTemplateVersions();
  const versionCalls = useTemplateVersionMutations();
  const exportVersion = useExportTemplateVersion();
  const [serverFaults, setServerFaults] = useState<EditorFault[]>([]);
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState<string | null>(null);
  const [copyOpen, setCopyOpen] = useState(false);
  const [copyId, setCopyId] = useState('');

  // The form editor edits the text as typed (a deferred copy would lose quick successive edits);
  // the checks and the preview may lag a keystroke behind.
  const formJson = useMemo(() => parseObject(text), [text]);
  const deferredText = useDeferredValue(text);
  // An existing template's text arrives with its versions; until then there is nothing to check.
  const checkedText = deferredText === '' ? text : deferredText;
  const units = useUnitCatalog();
  const language = useLanguage();
  const { data: categories } = useFactorCategories();
  // Every factor key of the databases the template can meet, as the server checks on save (undefined until loaded).
  const factorCatalog = useMemo(
    () =>
      categories?.some((c) => Array.isArray(c.factor_keys))
        ? { categories: Object.fromEntries(categories.map((c) => [c.key, c.factor_keys])) }
        : undefined,
    [categories],
  );
  const check = useMemo(
    () => (checkedText === '' ? { faults: [] } : checkTemplateText(checkedText, units, language, factorCatalog)),
    [checkedText, units, language, factorCatalog],
  );
  const lastValid = useRef<Template | undefined>(undefined);
  if (check.template) lastValid.current = check.template;
  const faults = serverFaults.length > 0 ? serverFaults : check.faults;

  // Open the requested (or newest) version of an existing template.
  useEffect(() => {
    if (!id) return;
    let cancelled = false;
    fetchVersions(id)
      .then((list) => {
        if (cancelled) return;
        const record = list.find((v) => v.version === wantedVersion) ?? list[0];
        if (record) {
          const opened = toText(record.definition);
          setLoaded({ record, text: opened });
          setText(opened);
          setServerFaults([]);
          setServerMessage(null);
        }
      })
      .catch((error: unknown) => setMissing(errorOf(error).body.message));
    return () => {
      cancelled = true;
    };
  }, [id, wantedVersion, fetchVersions]);

  const edit = (next: string) => {
    setText(next);
    setServerFaults([]);
    setServerMessage(null);
  };

  const dirty = !loaded || loaded.text !== text;
  const shipped = loaded?.record.source === 'file';
  const currentId = typeof formJson?.id === 'string' ? formJson.id : '';
  const sameShippedId = shipped && currentId === loaded?.record.template_id;

  const afterSave = async (record: TemplateVersionRecord, messageKey: string) => {
    notify(translate(messageKey, { id: record.template_id, version: record.version }), { type: 'success' });
    const opened = toText(record.definition);
    setLoaded({ record, text: opened });
    setText(opened);
    navigate(`/templates/${encodeURIComponent(record.template_id)}?version=${record.version}`, { replace: true });
  };

  const failed = (error: unknown) => {
    const { body } = errorOf(error);
    setServerMessage(body.message);
    setServerFaults(body.errors ? faultsFromPointers(text, body.errors) : []);
    notify(body.message, { type: 'error' });
  };

  const save = async (
    status: TemplateVersionStatus,
    mode: 'new' | 'version',
    definition: unknown = formJson ?? text,
  ) => {
    setBusy(true);
    try {
      const record = await versionCalls.save({ definition, status, mode });
      await afterSave(
        record,
        status === 'published' ? 'templateEditor.notify.published' : 'templateEditor.notify.saved',
      );
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  /** A version row's action: the call, then its notice; a refusal is shown like a failed save. */
  const versionAction =
    (
      call: (version: { id: string; version: number }) => Promise<unknown>,
      messageKey: string,
      type: 'success' | 'info',
    ) =>
    async (record: TemplateVersionRecord) => {
      const version = { id: record.template_id, version: record.version };
      try {
        await call(version);
        notify(translate(messageKey, version), { type });
      } catch (error) {
        failed(error);
      }
    };

  // A template new to the server, or one whose id was changed in the editor, is saved as a new template.
  const saveMode = loaded && currentId === loaded.record.template_id ? 'version' : 'new';

  const impact = useSaveImpact(currentId, saveMode === 'version' && versions.length > 0);
  const publishAsIs = loaded !== null && !dirty && loaded.record.status === 'draft';

  const publish = async () => {
    if (loaded && publishAsIs) {
      setBusy(true);
      try {
        await afterSave(
          await versionCalls.publish({ id: loaded.record.template_id, version: loaded.record.version }),
          'templateEditor.notify.published',
        );
      } catch (error) {
        failed(error);
      } finally {
        setBusy(false);
      }
      return;
    }
    await save('published', saveMode);
  };

  const exportCurrent = async () => {
    const fileName = `${currentId || 'template'}.json`;
    if (loaded && !dirty) {
      downloadJson(await exportVersion(loaded.record.template_id, loaded.record.version), fileName);
    } else if (formJson) {
      downloadJson(templateFileText(formJson), fileName);
    } else {
      downloadJson(text, fileName);
    }
  };

  /** The summary's click: the form tab, scrolled to the part that shows the fault, its input focused. */
  const goTo = (fault: EditorFault) => {
    if (!formJson) {
      setTab('json');
      return;
    }
    setTab('form');
    // The form renders first when the JSON tab was open.
    setTimeout(() => goToFault(fault.pointer));
  };

  const title = loaded
    ? `${loaded.record.label} · v${loaded.record.version}`
    : translate('templateEditor.editor.new_title');
  const canPublish = !!check.template && !sameShippedId && (dirty || loaded?.record.status === 'draft');

  if (id && !loaded)
    return missing ? (
      <Alert severity="error" sx={{ m: 2 }}>
        {missing}
      </Alert>
    ) : (
      <RouteLoading />
    );

  return (
    <Box sx={{ p: { xs: 1, md: 2 } }} data-testid="template-editor">
      <Title title={translate('templateEditor.title')} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Button component={RouterLink} to="/templates" startIcon={<ArrowBackIcon />}>
          {translate('templateEditor.actions.back')}
        </Button>
        <Typography variant="h6" component="h1" sx={{ mr: 1 }}>
          {title}
        </Typography>
        {loaded ? <Chip size="small" label={translate(`templateEditor.source.${loaded.record.source}`)} /> : null}
        {loaded ? <TemplateStatusChip status={loaded.record.status} data-testid="editor-status" /> : null}
        {dirty && loaded ? (
          <Chip size="small" color="warning" variant="outlined" label={translate('templateEditor.editor.unsaved')} />
        ) : null}
      </Stack>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1, justifyContent: 'flex-end' }}
      >
        <ImportButton onText={(imported) => edit(imported)} />
        <Button startIcon={<DownloadIcon />} onClick={exportCurrent} data-testid="template-export">
          {translate('templateEditor.actions.export')}
        </Button>
        {shipped ? (
          <Button
            startIcon={<FileCopyIcon />}
            onClick={() => {
              setCopyId(`${loaded?.record.template_id ?? ''}-copy`);
              setCopyOpen(true);
            }}
            data-testid="template-save-as-new"
          >
            {translate('templateEditor.actions.save_as_new')}
          </Button>
        ) : null}
        <Button
          variant="outlined"
          startIcon={<SaveIcon />}
          disabled={busy || !dirty || sameShippedId}
          onClick={() =>
            impact.ask({ kind: 'draft', subject: { definition: formJson ?? text }, run: () => save('draft', saveMode) })
          }
          data-testid="template-save-draft"
        >
          {translate('templateEditor.actions.save_draft')}
        </Button>
        <Button
          variant="contained"
          startIcon={<PublishIcon />}
          disabled={busy || !canPublish}
          onClick={() =>
            impact.ask({
              kind: 'published',
              subject: publishAsIs && loaded ? { version: loaded.record.version } : { definition: formJson ?? text },
              run: publish,
            })
          }
          data-testid="template-publish"
        >
          {translate('templateEditor.actions.publish')}
        </Button>
      </Stack>
      {sameShippedId ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          {translate('templateEditor.editor.shipped_hint')}
        </Alert>
      ) : null}
      {serverMessage ? (
        <Alert severity="error" sx={{ mb: 1 }} data-testid="template-server-error">
          {serverMessage}
        </Alert>
      ) : null}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Tabs value={tab} onChange={(_, value: 'form' | 'json') => setTab(value)} sx={{ mb: 1 }}>
            <Tab value="form" label={translate('templateEditor.editor.form_tab')} data-testid="tab-form" />
            <Tab value="json" label={translate('templateEditor.editor.json_tab')} data-testid="tab-json" />
          </Tabs>
          {tab === 'json' ? (
            <JsonEditor
              value={text}
              onChange={edit}
              faults={faults}
              label={translate('templateEditor.editor.json_label')}
            />
          ) : formJson ? (
            <EditorFaults.Provider value={faults}>
              <FormEditor definition={formJson} onChange={(definition) => edit(toText(definition))} />
            </EditorFaults.Provider>
          ) : (
            <Alert severity="warning">{translate('templateEditor.editor.fix_json_first')}</Alert>
          )}
          <FaultList faults={faults} definition={formJson} showLines={tab === 'json'} onGoTo={goTo} />
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <TemplatePreview
            template={check.template ?? lastValid.current}
            stale={!check.template && !!lastValid.current}
          />
          <VersionsPanel
            versions={versions}
            openVersion={loaded?.record.version}
            onOpen={(record) =>
              navigate(`/templates/${encodeURIComponent(record.template_id)}?version=${record.version}`)
            }
            onPublish={(record) =>
              // Publishing makes a version the one every user calculates with: it asks first, with what it touches.
              impact.ask({
                kind: 'published',
                subject: { version: record.version },
                run: () => versionAction(versionCalls.publish, 'templateEditor.notify.published', 'success')(record),
              })
            }
            onDelete={versionAction(versionCalls.remove, 'templateEditor.notify.deleted', 'info')}
            onExport={async (record) =>
              downloadJson(await exportVersion(record.template_id, record.version), `${record.template_id}.json`)
            }
          />
        </Grid>
      </Grid>
      {impact.dialog}
      <Dialog open={copyOpen} onClose={() => setCopyOpen(false)}>
        <DialogTitle>{translate('templateEditor.actions.save_as_new')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate('templateEditor.editor.copy_hint')}
          </Typography>
          <TextField
            autoFocus
            fullWidth
            label={translate('templateEditor.form.id')}
            value={copyId}
            onChange={(e) => setCopyId(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'copy-id' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setCopyOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button
            variant="contained"
            data-testid="copy-confirm"
            onClick={async () => {
              setCopyOpen(false);
              await save('draft', 'new', { ...(formJson ?? {}), id: copyId });
            }}
          >
            {translate('templateEditor.actions.save_as_new')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
};

export default TemplateEditorPage;
