/** The versions of the edited template: status, source, usage; open, publish, delete, export. */
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import PublishIcon from '@mui/icons-material/Publish';
import { Card, CardContent, Chip, IconButton, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { TemplateVersionRecord } from '../../core/api';

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
        <Typography variant="overline" component="h2">{translate('templateEditor.versions.title')}</Typography>
        <Table size="small" sx={{ '& td, & th': { px: 1 } }}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('templateEditor.versions.version')}</TableCell>
              <TableCell>{translate('templateEditor.list.status')}</TableCell>
              <TableCell align="right">{translate('templateEditor.list.usage')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {versions.map((version) => (
              <TableRow key={version.id} selected={version.version === openVersion} data-testid={`version-${version.version}`}>
                <TableCell>v{version.version}</TableCell>
                <TableCell>
                  <Chip size="small" color={version.status === 'published' ? 'success' : 'default'} label={translate(`templateEditor.status.${version.status}`)} />
                </TableCell>
                <TableCell align="right">{version.usage}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={translate('templateEditor.versions.open')}>
                    <IconButton size="small" aria-label={translate('templateEditor.versions.open')} onClick={() => onOpen(version)}><EditIcon fontSize="small" /></IconButton>
                  </Tooltip>
                  {version.status === 'draft' ? (
                    <Tooltip title={translate('templateEditor.actions.publish')}>
                      <IconButton size="small" aria-label={translate('templateEditor.actions.publish')} data-testid={`publish-version-${version.version}`} onClick={() => onPublish(version)}><PublishIcon fontSize="small" /></IconButton>
                    </Tooltip>
                  ) : null}
                  <Tooltip title={translate('templateEditor.actions.export')}>
                    <IconButton size="small" aria-label={translate('templateEditor.actions.export')} onClick={() => onExport(version)}><DownloadIcon fontSize="small" /></IconButton>
                  </Tooltip>
                  {version.source === 'app' ? (
                    <Tooltip title={version.usage > 0 ? translate('templateEditor.versions.in_use') : translate('templateEditor.actions.delete')}>
                      <span>
                        <IconButton size="small" aria-label={translate('templateEditor.actions.delete')} disabled={version.usage > 0} onClick={() => onDelete(version)}><DeleteIcon fontSize="small" /></IconButton>
                      </span>
                    </Tooltip>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
};
