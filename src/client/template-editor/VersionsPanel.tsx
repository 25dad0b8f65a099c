/** The versions of the edited template: status, source, usage; open, publish, delete, export. */
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import PublishIcon from '@mui/icons-material/Publish';
import { Card, CardContent, IconButton, TableCell, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { TemplateVersionRecord } from '../../core/api';
import { RowTable } from '../layout/RowTable';
import { TemplateStatusChip } from './TemplateStatusChip';

export interface VersionsPanelProps {
  versions: readonly TemplateVersionRecord[];
  openVersion: number | undefined;
  onOpen: (version: TemplateVersionRecord) => void;
  onPublish: (version: TemplateVersionRecord) => void;
  onDelete: (version: TemplateVersionRecord) => void;
  onExport: (version: TemplateVersionRecord) => void;
}

export const VersionsPanel = ({ versions, openVersion, onOpen, onPublish, onDelete, onExport }: VersionsPanelProps) => {
  const translate = useTranslate();
  if (versions.length === 0) return null;
  return (
    <Card variant="outlined" sx={{ mt: 2 }} data-testid="template-versions">
      <CardContent>
        <Typography variant="overline" component="h2">
          {translate('templateEditor.versions.title')}
        </Typography>
        <RowTable
          sx={{ '& td, & th': { px: 1 } }}
          columns={[
            'templateEditor.versions.version',
            'templateEditor.list.status',
            { label: 'templateEditor.list.usage', align: 'right' },
            '',
          ]}
          rows={versions}
          rowKey={(version) => version.id}
          rowProps={(version) => ({
            selected: version.version === openVersion,
            'data-testid': `version-${version.version}`,
          })}
          cells={(version) => [
            `v${version.version}`,
            <TemplateStatusChip key="status" status={version.status} />,
            version.usage,
            <TableCell key="actions" align="right" sx={{ whiteSpace: 'nowrap' }}>
              <Tooltip title={translate('templateEditor.versions.open')}>
                <IconButton
                  size="small"
                  aria-label={translate('templateEditor.versions.open')}
                  onClick={() => onOpen(version)}
                >
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              {version.status === 'draft' ? (
                <Tooltip title={translate('templateEditor.actions.publish')}>
                  <IconButton
                    size="small"
                    aria-label={translate('templateEditor.actions.publish')}
                    data-testid={`publish-version-${version.version}`}
                    onClick={() => onPublish(version)}
                  >
                    <PublishIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              ) : null}
              <Tooltip title={translate('templateEditor.actions.export')}>
                <IconButton
                  size="small"
                  aria-label={translate('templateEditor.actions.export')}
                  onClick={() => onExport(version)}
                >
                  <DownloadIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              {version.source === 'app' ? (
                <Tooltip
                  title={
                    version.usage > 0
                      ? translate('templateEditor.versions.in_use')
                      : translate('templateEditor.actions.delete')
                  }
                >
                  <span>
                    <IconButton
                      size="small"
                      aria-label={translate('templateEditor.actions.delete')}
                      disabled={version.usage > 0}
                      onClick={() => onDelete(version)}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              ) : null}
            </TableCell>,
          ]}
        />
      </CardContent>
    </Card>
  );
};
