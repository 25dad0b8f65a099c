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

type EditorTab = 'form' | 'json';

/**
 * The editor's text, the version it was opened from (the requested one, else the newest) and the server's last
 * refusal, which any edit clears.
 */
function useEditorDocument(id: string | undefined) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const location = useLocation();
  const wantedVersion = search.get('version') ? Number(search.get('version')) : undefined;
  const [text, setText] = useState(
    () => (location.state as EditorLocationState | null)?.importedText ?? (id ? '' : toText(emptyTemplate())),
  );
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const fetchVersions = useFetchTemplateVersions();
  const [serverFaults, setServerFaults] = useState<EditorFault[]>([]);
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [missing, setMissing] = useState<string | null>(null);

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

  const dirty = !loaded || loaded.text !== text;
  return { text, loaded, dirty, serverFaults, serverMessage, missing, edit, afterSave, failed };
}

type EditorDocument = ReturnType<typeof useEditorDocument>;

/**
 * The text as the form editor edits it (a deferred copy would lose quick successive edits), and its checks, which
 * may lag a keystroke behind; the last valid template keeps the preview up while the text is broken.
 */
function useTemplateCheck(text: string) {
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
  return { formJson, check, lastValid: lastValid.current };
}

/** Save, publish, export and the version rows' actions; publishing asks first, with what it touches. */
function useEditorActions(
  doc: EditorDocument,
  formJson: EditableTemplate | undefined,
  currentId: string,
  hasVersions: boolean,
) {
  const translate = useTranslate();
  const notify = useNotify();
  const versionCalls = useTemplateVersionMutations();
  const exportVersion = useExportTemplateVersion();
  const [busy, setBusy] = useState(false);
  const { text, loaded, dirty, afterSave, failed } = doc;

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

  const impact = useSaveImpact(currentId, saveMode === 'version' && hasVersions);
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

  return {
    busy,
    impactDialog: impact.dialog,
    exportCurrent,
    saveAsNew: (id: string) => save('draft', 'new', { ...(formJson ?? {}), id }),
    saveDraft: () =>
      impact.ask({ kind: 'draft', subject: { definition: formJson ?? text }, run: () => save('draft', saveMode) }),
    publish: () =>
      impact.ask({
        kind: 'published',
        subject: publishAsIs && loaded ? { version: loaded.record.version } : { definition: formJson ?? text },
        run: publish,
      }),
    publishVersion: (record: TemplateVersionRecord) =>
      impact.ask({
        kind: 'published',
        subject: { version: record.version },
        run: () => versionAction(versionCalls.publish, 'templateEditor.notify.published', 'success')(record),
      }),
    deleteVersion: versionAction(versionCalls.remove, 'templateEditor.notify.deleted', 'info'),
    exportVersion: async (record: TemplateVersionRecord) =>
      downloadJson(await exportVersion(record.template_id, record.version), `${record.template_id}.json`),
  };
}

const EditorHeading = ({ loaded, dirty }: { loaded: Loaded | null; dirty: boolean }) => {
  const translate = useTranslate();
  const title = loaded
    ? `${loaded.record.label} · v${loaded.record.version}`
    : translate('templateEditor.editor.new_title');
  return (
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
  );
};

/** A shipped template cannot be saved under its own id: this saves the text as a new template's first draft. */
const SaveAsNewButton = ({ templateId, onSave }: { templateId: string; onSave: (id: string) => Promise<void> }) => {
  const translate = useTranslate();
  const [copyOpen, setCopyOpen] = useState(false);
  const [copyId, setCopyId] = useState('');
  return (
    <>
      <Button
        startIcon={<FileCopyIcon />}
        onClick={() => {
          setCopyId(`${templateId}-copy`);
          setCopyOpen(true);
        }}
        data-testid="template-save-as-new"
      >
        {translate('templateEditor.actions.save_as_new')}
      </Button>
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
              await onSave(copyId);
            }}
          >
            {translate('templateEditor.actions.save_as_new')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};

const EditorPane = ({
  tab,
  onTab,
  text,
  onEdit,
  formJson,
  faults,
}: {
  tab: EditorTab;
  onTab: (tab: EditorTab) => void;
  text: string;
  onEdit: (text: string) => void;
  formJson: EditableTemplate | undefined;
  faults: EditorFault[];
}) => {
  const translate = useTranslate();
  /** The summary's click: the form tab, scrolled to the part that shows the fault, its input focused. */
  const goTo = (fault: EditorFault) => {
    if (!formJson) {
      onTab('json');
      return;
    }
    onTab('form');
    // The form renders first when the JSON tab was open.
    setTimeout(() => goToFault(fault.pointer));
  };
  return (
    <>
      <Tabs value={tab} onChange={(_, value: EditorTab) => onTab(value)} sx={{ mb: 1 }}>
        <Tab value="form" label={translate('templateEditor.editor.form_tab')} data-testid="tab-form" />
        <Tab value="json" label={translate('templateEditor.editor.json_tab')} data-testid="tab-json" />
      </Tabs>
      {tab === 'json' ? (
        <JsonEditor
          value={text}
          onChange={onEdit}
          faults={faults}
          label={translate('templateEditor.editor.json_label')}
        />
      ) : formJson ? (
        <EditorFaults.Provider value={faults}>
          <FormEditor definition={formJson} onChange={(definition) => onEdit(toText(definition))} />
        </EditorFaults.Provider>
      ) : (
        <Alert severity="warning">{translate('templateEditor.editor.fix_json_first')}</Alert>
      )}
      <FaultList faults={faults} definition={formJson} showLines={tab === 'json'} onGoTo={goTo} />
    </>
  );
};

const TemplateEditorPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { id } = useParams<{ id: string }>();
  const doc = useEditorDocument(id);
  const { text, loaded, dirty, edit } = doc;
  const [tab, setTab] = useState<EditorTab>('form');
  const { data: versions = NO_VERSIONS } = useTemplateVersions(id);
  const { formJson, check, lastValid } = useTemplateCheck(text);
  const faults = doc.serverFaults.length > 0 ? doc.serverFaults : check.faults;
  const shipped = loaded?.record.source === 'file';
  const currentId = typeof formJson?.id === 'string' ? formJson.id : '';
  const sameShippedId = shipped && currentId === loaded?.record.template_id;
  const actions = useEditorActions(doc, formJson, currentId, versions.length > 0);
  const canPublish = !!check.template && !sameShippedId && (dirty || loaded?.record.status === 'draft');

  if (id && !loaded)
    return doc.missing ? (
      <Alert severity="error" sx={{ m: 2 }}>
        {doc.missing}
      </Alert>
    ) : (
      <RouteLoading />
    );

  return (
    <Box sx={{ p: { xs: 1, md: 2 } }} data-testid="template-editor">
      <Title title={translate('templateEditor.title')} />
      <EditorHeading loaded={loaded} dirty={dirty} />
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1, justifyContent: 'flex-end' }}
      >
        <ImportButton onText={(imported) => edit(imported)} />
        <Button startIcon={<DownloadIcon />} onClick={actions.exportCurrent} data-testid="template-export">
          {translate('templateEditor.actions.export')}
        </Button>
        {shipped ? <SaveAsNewButton templateId={loaded?.record.template_id ?? ''} onSave={actions.saveAsNew} /> : null}
        <Button
          variant="outlined"
          startIcon={<SaveIcon />}
          disabled={actions.busy || !dirty || sameShippedId}
          onClick={actions.saveDraft}
          data-testid="template-save-draft"
        >
          {translate('templateEditor.actions.save_draft')}
        </Button>
        <Button
          variant="contained"
          startIcon={<PublishIcon />}
          disabled={actions.busy || !canPublish}
          onClick={actions.publish}
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
      {doc.serverMessage ? (
        <Alert severity="error" sx={{ mb: 1 }} data-testid="template-server-error">
          {doc.serverMessage}
        </Alert>
      ) : null}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <EditorPane tab={tab} onTab={setTab} text={text} onEdit={edit} formJson={formJson} faults={faults} />
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <TemplatePreview template={check.template ?? lastValid} stale={!check.template && !!lastValid} />
          <VersionsPanel
            versions={versions}
            openVersion={loaded?.record.version}
            onOpen={(record) =>
              navigate(`/templates/${encodeURIComponent(record.template_id)}?version=${record.version}`)
            }
            // Publishing makes a version the one every user calculates with: it asks first, with what it touches.
            onPublish={actions.publishVersion}
            onDelete={actions.deleteVersion}
            onExport={actions.exportVersion}
          />
        </Grid>
      </Grid>
      {actions.impactDialog}
    </Box>
  );
};

export default TemplateEditorPage;
