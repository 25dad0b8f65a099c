/**
 * The Templates screen (provider admins): every template with its source (shipped file or
 * created in the app), status, versions and usage; new template, import of a JSON file.
 */
import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Card, Chip, Stack, TableCell, Typography } from '@mui/material';
import { RowTable } from '../layout/RowTable';
import { Title, useGetList, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { TemplateEditorInfo, TemplateRecord } from '../../core/api';
import type { EditorLocationState } from './TemplateEditorPage';
import { ImportButton } from './ImportButton';
import { useTemplateLoadErrors } from './api';
import { TemplateStatusChip } from './TemplateStatusChip';

type Listed = TemplateRecord & TemplateEditorInfo;

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
        <RowTable
          aria-busy={isPending}
          columns={[
            'templateEditor.list.template',
            'templateEditor.list.id',
            'templateEditor.list.source',
            'templateEditor.list.status',
            { label: 'templateEditor.list.version', align: 'right' },
            { label: 'templateEditor.list.versions', align: 'right' },
            { label: 'templateEditor.list.usage', align: 'right' },
          ]}
          rows={data ?? []}
          rowKey={(template) => template.id}
          rowProps={(template) => ({
            hover: true,
            sx: { cursor: 'pointer' },
            'data-testid': `template-row-${template.id}`,
            onClick: () => navigate(`/templates/${encodeURIComponent(template.id)}`),
          })}
          cells={(template) => [
            <RouterLink
              key="label"
              to={`/templates/${encodeURIComponent(template.id)}`}
              onClick={(event) => event.stopPropagation()}
            >
              {template.label}
            </RouterLink>,
            <TableCell key="id" sx={{ fontFamily: 'monospace' }}>
              {template.id}
            </TableCell>,
            <Chip
              key="source"
              size="small"
              variant="outlined"
              label={translate(`templateEditor.source.${template.source}`)}
            />,
            <TemplateStatusChip key="status" status={template.status} />,
            `v${template.version}`,
            template.version_count,
            <TableCell key="usage" align="right" data-testid={`template-usage-${template.id}`}>
              {template.usage}
            </TableCell>,
          ]}
        />
      </Card>
    </Box>
  );
};

export default TemplateListPage;
