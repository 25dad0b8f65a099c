/**
 * `/importer`: choose a template, drop a CSV, check the preview and the column mapping, dry-run,
 * then import with a progress bar (cancellable). The template CSV and the import history sit alongside.
 */
import { can } from '../../core/access/policy';
import { ActionReason } from '../layout/ActionReason';
import { ChoiceSelect } from '../layout/ChoiceSelect';
import { FileDropZone } from '../layout/FileDropZone';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  LinearProgress,
  Radio,
  RadioGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMemo, useRef, useState } from 'react';
import { Title, useGetList, useLocaleState, useTranslate } from 'react-admin';
import type { ImportMode, ImportReport, TemplateRecord } from '../../core/api';
import { templateCsv, type ColumnMapping } from '../../core/csv';
import { useDatabaseFactors } from '../factors/factorQueries';
import { useUnitCatalog } from '../units/useUnitCatalog';
import { isLanguage } from '../../core/languages';
import { formatCount } from '../../core/number-format';
import { useDefaultDatabaseId } from '../calculations/useDefaultDatabase';
import { useFactorDatabases } from '../factors/useFactorDatabases';
import { currentUser } from '../providers/authProvider';
import { saveFile } from '../shell/download/saveFile';
import { ImportHistory } from './ImportHistory';
import { ImportReportView } from './ImportReportView';
import { loadMapping, saveMapping } from './mappingStore';
import { MappingTable } from './MappingTable';
import { previewCsv, type CsvPreview } from './preview';
import { uploadCsv, UploadError } from './upload';

interface Progress {
  fraction: number;
  rowsDone: number;
  secondsLeft: number | null;
}

/** CSV as browsers and Windows name it (Excel's CSV is `application/vnd.ms-excel`). */
const CSV_FILES = {
  'text/csv': ['.csv', '.txt', '.tsv'],
  'application/vnd.ms-excel': ['.csv'],
  'text/plain': ['.csv', '.txt'],
};

const DELIMITER_KEYS: Record<string, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab' };

const useLang = () => {
  const [locale] = useLocaleState();
  return isLanguage(locale) ? locale : 'de';
};

/**
 * One upload (dry run or import) with its progress; `finish` hears the report or the failure. The upload's own
 * abort stays in a ref: Cancel must reach the upload in flight, not one of a later render.
 */
const useUpload = () => {
  const [progress, setProgress] = useState<Progress | null>(null);
  const abortRef = useRef<(() => void) | null>(null);
  const upload = async (
    file: File,
    options: Parameters<typeof uploadCsv>[1],
    estimatedRows: number,
    finish: { done: (report: ImportReport) => void; failed: (message: string) => void },
  ) => {
    const started = Date.now();
    setProgress({ fraction: 0, rowsDone: 0, secondsLeft: null });
    const running = uploadCsv(file, options, ({ loaded, total }) => {
      const fraction = total > 0 ? loaded / total : 0;
      const elapsed = (Date.now() - started) / 1000;
      setProgress({
        fraction,
        rowsDone: Math.round(fraction * estimatedRows),
        secondsLeft: fraction > 0.02 ? Math.max(0, Math.round((elapsed / fraction) * (1 - fraction))) : null,
      });
    });
    abortRef.current = running.abort;
    try {
      finish.done(await running.done);
    } catch (error) {
      finish.failed(
        error instanceof UploadError && (error.cancelled || error.status === 0)
          ? error.message
          : (error as Error).message,
      );
    } finally {
      abortRef.current = null;
      setProgress(null);
    }
  };
  return { progress, upload, cancel: () => abortRef.current?.() };
};

/** The importer's choices (template, database, file, mapping, mode) and what became of the last run. */
const useImporter = (templates: TemplateRecord[]) => {
  const [templateId, setTemplateId] = useState('');
  const { databaseId: defaultDatabaseId } = useDefaultDatabaseId();
  // Empty: the mandant's default database, the one new calculations use (core/factor-database-default.ts).
  const [chosenDatabaseId, setChosenDatabaseId] = useState<number | ''>('');
  const databaseId = chosenDatabaseId === '' ? defaultDatabaseId : chosenDatabaseId;
  const template = useMemo(() => templates.find((t) => t.id === templateId)?.definition, [templates, templateId]);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [mode, setMode] = useState<ImportMode>('valid_rows');
  const [report, setReport] = useState<ImportReport | null>(null);
  const [historyKey, setHistoryKey] = useState(0);
  // A file whose rows were imported: importing it again would write them twice, so Import waits for a new file.
  const [importedFile, setImportedFile] = useState<File | null>(null);
  const { progress, upload, cancel } = useUpload();

  const chooseTemplate = (id: string) => {
    setTemplateId(id);
    setReport(null);
    const definition = templates.find((t) => t.id === id)?.definition;
    if (definition && preview) setMapping(loadMapping(definition, preview.headers));
  };

  const onFile = async (dropped: File) => {
    setFile(dropped);
    setReport(null);
    setProblem(null);
    const result = await previewCsv(dropped);
    if (typeof result === 'string') {
      setPreview(null);
      setProblem(`importer.problem.${result}`);
      return;
    }
    setPreview(result);
    if (template) setMapping(loadMapping(template, result.headers));
  };

  const changeMapping = (next: ColumnMapping) => {
    setMapping(next);
    if (template) saveMapping(template.id, next);
  };

  const run = async (dryRun: boolean) => {
    if (!file || !template || !preview) return;
    setReport(null);
    setProblem(null);
    await upload(file, { template: template.id, mapping, mode, dryRun, databaseId }, preview.estimatedRows, {
      done: (result) => {
        setReport(result);
        if (!dryRun) setHistoryKey((k) => k + 1);
        if (!dryRun && result.rows_ok > 0) setImportedFile(file);
      },
      failed: (message) => {
        setProblem(message);
        setHistoryKey((k) => k + 1);
      },
    });
  };

  return {
    templateId,
    chooseTemplate,
    template,
    databaseId,
    defaultDatabaseId,
    setChosenDatabaseId,
    file,
    onFile,
    preview,
    problem,
    mapping,
    changeMapping,
    mode,
    setMode,
    report,
    historyKey,
    alreadyImported: importedFile === file,
    progress,
    run,
    cancel,
  };
};

/** The template's CSV, its example row naming factors by their labels in the chosen database, as the form does. */
const TemplateCsvButton = ({
  template,
  databaseId,
}: {
  template: TemplateRecord['definition'] | undefined;
  databaseId: number | undefined;
}) => {
  const translate = useTranslate();
  const lang = useLang();
  const units = useUnitCatalog();
  const { data: factors = [] } = useDatabaseFactors(databaseId);
  return (
    <Button
      startIcon={<DownloadIcon />}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      disabled={!template}
      onClick={() => template && saveFile(templateCsv(template, lang, units, factors), `${template.id}.csv`)}
    >
      {translate('importer.templateCsv')}
    </Button>
  );
};

const DatabaseSelect = ({
  databaseId,
  defaultDatabaseId,
  onChange,
}: {
  databaseId: number | undefined;
  defaultDatabaseId: number | undefined;
  onChange: (id: number) => void;
}) => {
  const translate = useTranslate();
  const { data: databases = [] } = useFactorDatabases({ published: true, order: 'name' });
  return (
    <ChoiceSelect
      id="importer-database"
      label={translate('importer.database')}
      value={databaseId ?? ''}
      onChange={(value) => onChange(Number(value))}
      choices={databases.map((database) => {
        const name = `${database.name} (${database.version_label})`;
        return {
          value: database.id,
          text: database.id === defaultDatabaseId ? translate('importer.database_default', { name }) : name,
        };
      })}
      sx={{ minWidth: 280 }}
    />
  );
};

const CsvDropZone = ({ file, onFile }: { file: File | null; onFile: (file: File) => void }) => {
  const translate = useTranslate();
  return (
    <FileDropZone
      accept={CSV_FILES}
      onFile={onFile}
      clickable={false}
      padding={4}
      // The input is hidden, but axe and screen readers still meet it: it needs a name.
      inputProps={{ 'data-testid': 'importer-file', 'aria-label': translate('importer.choose') }}
      testId="importer-dropzone"
    >
      {({ isDragActive, open }) => (
        <>
          <UploadFileIcon color="action" fontSize="large" />
          <Typography>{translate(isDragActive ? 'importer.dropNow' : 'importer.drop')}</Typography>
          <Button onClick={open} sx={{ mt: 1 }}>
            {translate('importer.choose')}
          </Button>
          {file && <Typography variant="body2">{file.name}</Typography>}
        </>
      )}
    </FileDropZone>
  );
};

const PreviewTable = ({ preview }: { preview: CsvPreview }) => {
  const translate = useTranslate();
  const lang = useLang();
  return (
    <Box data-testid="importer-preview">
      <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
        <Chip
          label={translate('importer.detected.delimiter', {
            value: translate(`importer.delimiters.${DELIMITER_KEYS[preview.delimiter]}`),
          })}
        />
        <Chip
          label={translate('importer.detected.encoding', {
            value: preview.encoding === 'utf-8' ? 'UTF-8' : 'Windows-1252',
          })}
        />
        <Chip
          label={translate('importer.detected.decimal', {
            value: preview.decimal === ',' ? '1.234,5' : '1,234.5',
          })}
        />
        <Chip
          label={translate('importer.detected.rows', {
            smart_count: preview.estimatedRows,
            rows: formatCount(preview.estimatedRows, lang),
          })}
        />
      </Stack>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              {preview.headers.map((h, i) => (
                <TableCell key={i}>{h}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.rows.map((row, r) => (
              <TableRow key={r}>
                {preview.headers.map((_, i) => (
                  <TableCell key={i}>{row[i] ?? ''}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
};

const ImportModeField = ({ mode, onChange }: { mode: ImportMode; onChange: (mode: ImportMode) => void }) => {
  const translate = useTranslate();
  return (
    <FormControl>
      <FormLabel>{translate('importer.mode.label')}</FormLabel>
      <RadioGroup row value={mode} onChange={(event) => onChange(event.target.value as ImportMode)}>
        <FormControlLabel
          value="all_or_nothing"
          control={<Radio />}
          label={translate('importer.mode.all_or_nothing')}
        />
        <FormControlLabel value="valid_rows" control={<Radio />} label={translate('importer.mode.valid_rows')} />
      </RadioGroup>
      <FormHelperText data-testid="importer-mode-stopped">{translate('importer.mode.stopped')}</FormHelperText>
    </FormControl>
  );
};

const RunButtons = ({
  busy,
  mappedCount,
  canWrite,
  alreadyImported,
  onRun,
  onCancel,
}: {
  busy: boolean;
  mappedCount: number;
  canWrite: boolean;
  alreadyImported: boolean;
  onRun: (dryRun: boolean) => Promise<void>;
  onCancel: () => void;
}) => {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={2}>
      <Button
        variant="outlined"
        disabled={busy || mappedCount === 0}
        onClick={() => void onRun(true)}
        data-testid="importer-dry-run"
      >
        {translate('importer.dryRun')}
      </Button>
      <ActionReason
        reason={alreadyImported ? translate('importer.already_imported') : null}
        data-testid="importer-import-reason"
      >
        {(describedBy) => (
          <Button
            variant="contained"
            disabled={busy || mappedCount === 0 || !canWrite || alreadyImported}
            onClick={() => void onRun(false)}
            data-testid="importer-import"
            aria-describedby={describedBy}
          >
            {translate('importer.import')}
          </Button>
        )}
      </ActionReason>
      {busy && (
        <Button color="warning" onClick={onCancel} data-testid="importer-cancel">
          {translate('importer.cancel')}
        </Button>
      )}
    </Stack>
  );
};

const UploadProgress = ({ progress, totalRows }: { progress: Progress; totalRows: number }) => {
  const translate = useTranslate();
  const lang = useLang();
  return (
    <Box data-testid="importer-progress">
      <LinearProgress variant="determinate" value={Math.round(progress.fraction * 100)} />
      <Typography variant="body2" sx={{ mt: 1 }}>
        {translate('importer.progress', {
          smart_count: progress.rowsDone,
          rows: formatCount(progress.rowsDone, lang),
          total: formatCount(totalRows, lang),
        })}
        {progress.secondsLeft !== null && ` · ${translate('importer.timeLeft', { seconds: progress.secondsLeft })}`}
      </Typography>
    </Box>
  );
};

const ImporterPage = () => {
  const translate = useTranslate();
  const user = currentUser();
  const canWrite = can(user?.role, 'create', 'imports');
  const { data: templates = [] } = useGetList<TemplateRecord>('templates', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'id', order: 'ASC' },
  });
  const importer = useImporter(templates);
  const { template, preview, progress } = importer;
  const mappedCount = Object.values(importer.mapping).filter(Boolean).length;
  const busy = progress !== null;

  return (
    <Box sx={{ p: 2 }}>
      <Title title={translate('importer.title')} />
      <Card>
        <CardContent>
          <Stack spacing={3}>
            <Stack direction="row" spacing={2} alignItems="center">
              <ChoiceSelect
                id="importer-template"
                label={translate('importer.template')}
                value={importer.templateId}
                onChange={(value) => importer.chooseTemplate(String(value))}
                choices={templates.map((t) => ({ value: t.id, text: t.label }))}
                sx={{ minWidth: 280 }}
              />
              <DatabaseSelect
                databaseId={importer.databaseId}
                defaultDatabaseId={importer.defaultDatabaseId}
                onChange={importer.setChosenDatabaseId}
              />
              <TemplateCsvButton template={template} databaseId={importer.databaseId} />
            </Stack>

            {/* Said before anything is uploaded: a viewer used to map a whole file before hearing "not allowed". */}
            {!canWrite ? (
              <Alert severity="info" data-testid="importer-read-only">
                {translate('importer.read_only')}
              </Alert>
            ) : null}
            {canWrite ? <CsvDropZone file={importer.file} onFile={(dropped) => void importer.onFile(dropped)} /> : null}

            {importer.problem && <Alert severity="error">{translate(importer.problem, { _: importer.problem })}</Alert>}

            {preview && <PreviewTable preview={preview} />}

            {preview && template && (
              <>
                <Typography variant="h6">{translate('importer.mapping.title')}</Typography>
                <MappingTable
                  template={template}
                  headers={preview.headers}
                  rows={preview.rows}
                  mapping={importer.mapping}
                  onChange={importer.changeMapping}
                />
                <ImportModeField mode={importer.mode} onChange={importer.setMode} />
                <RunButtons
                  busy={busy}
                  mappedCount={mappedCount}
                  canWrite={canWrite}
                  alreadyImported={importer.alreadyImported}
                  onRun={importer.run}
                  onCancel={importer.cancel}
                />
              </>
            )}

            {progress && <UploadProgress progress={progress} totalRows={preview?.estimatedRows ?? 0} />}

            {importer.report && <ImportReportView report={importer.report} />}
          </Stack>
        </CardContent>
      </Card>
      <ImportHistory
        refreshKey={importer.historyKey}
        canWrite={canWrite}
        templateLabel={(id) => templates.find((t) => t.id === id)?.label ?? id}
      />
    </Box>
  );
};

export default ImporterPage;
