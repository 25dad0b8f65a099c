/**
 * The Templates screen (provider admins): every template with its source (shipped file or
 * created in the app), status, versions and usage; new template, import of a JSON file.
 */
import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Card, Chip, Stack, Typography } from '@mui/material';
import { DataTable, Title, useGetList, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { TemplateEditorInfo, TemplateRecord } from '../../core/api';
import type { EditorLocationState } from './TemplateEditorPage';
import { ImportButton } from './ImportButton';
import { useTemplateLoadErrors } from './api';
import { TemplateStatusChip } from './TemplateStatusChip';
import { bodyWithRowTestIds } from '../layout/rowTestIds';
import { HeldRecordsTable } from '../layout/HeldRecordsTable';

type Listed = TemplateRecord & TemplateEditorInfo;

const TemplateRows = bodyWithRowTestIds<Listed>((template) => `template-row-${template.id}`);

/** Template files the server did not load at startup: otherwise only its log would say so. */
const RejectedFiles = () => {
  const translate = useTranslate();
  const { data } = useTemplateLoadErrors();
  if (!data || data.length === 0) return null;
  const files = new Set(data.map((error) => error.file));
  return (
    <Alert severity="error" sx={{ mb: 2 }} data-testid="template-load-errors">
      {translate('templateEditor.load_errors.title', { smart_count: files.size })}
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {data.map((error, index) => (
          <li key={index}>
            <Box component="span" sx={{ fontFamily: 'monospace' }}>
              {error.file}
            </Box>
            {' · '}
            {translate('templateEditor.load_errors.place', { place: error.pointer || '/' })}
            {': '}
            {error.message}
          </li>
        ))}
      </Box>
    </Alert>
  );
};

const TemplateListPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { data, isPending, error } = useGetList<Listed>('templates', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'id', order: 'ASC' },
  });
  return (
    <Box sx={{ p: { xs: 1, md: 2 } }} data-testid="template-list">
      <Title title={translate('templateEditor.title')} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {translate('templateEditor.title')}
        </Typography>
        <ImportButton
          onText={(text) => navigate('/templates/new', { state: { importedText: text } satisfies EditorLocationState })}
        />
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          component={RouterLink}
          to="/templates/new"
          data-testid="template-new"
        >
          {translate('templateEditor.actions.new')}
        </Button>
      </Stack>
      {error ? <Alert severity="error">{(error as Error).message}</Alert> : null}
      <RejectedFiles />
      <Card variant="outlined">
        <HeldRecordsTable
          data={data}
          isPending={isPending}
          resource="templates"
          aria-busy={isPending}
          rowClick={(id) => `/templates/${encodeURIComponent(id)}`}
          body={TemplateRows}
        >
          <DataTable.Col
            source="label"
            label="templateEditor.list.template"
            render={(template: Listed) => (
              <RouterLink
                to={`/templates/${encodeURIComponent(template.id)}`}
                onClick={(event) => event.stopPropagation()}
              >
                {template.label}
              </RouterLink>
            )}
          />
          <DataTable.Col source="id" label="templateEditor.list.id" cellSx={() => ({ fontFamily: 'monospace' })} />
          <DataTable.Col
            source="source"
            label="templateEditor.list.source"
            render={(template: Listed) => (
              <Chip size="small" variant="outlined" label={translate(`templateEditor.source.${template.source}`)} />
            )}
          />
          <DataTable.Col
            source="status"
            label="templateEditor.list.status"
            render={(template: Listed) => <TemplateStatusChip status={template.status} />}
          />
          <DataTable.Col
            source="version"
            label="templateEditor.list.version"
            align="right"
            render={(template: Listed) => `v${template.version}`}
          />
          <DataTable.Col source="version_count" label="templateEditor.list.versions" align="right" />
          <DataTable.Col
            source="usage"
            label="templateEditor.list.usage"
            align="right"
            render={(template: Listed) => <span data-testid={`template-usage-${template.id}`}>{template.usage}</span>}
          />
        </HeldRecordsTable>
      </Card>
    </Box>
  );
};

export default TemplateListPage;
