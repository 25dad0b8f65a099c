/** The versions of the edited template: status, source, usage; open, publish, delete, export. */
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import PublishIcon from '@mui/icons-material/Publish';
import { Card, CardContent, Typography } from '@mui/material';
import { DataTable, ListContextProvider, useList, useTranslate } from 'react-admin';
import type { TemplateVersionRecord } from '../../core/api';
import { LabelledIconButton, type LabelledIconButtonProps } from '../layout/LabelledIconButton';
import { TemplateStatusChip } from './TemplateStatusChip';

export interface VersionsPanelProps {
  versions: readonly TemplateVersionRecord[];
  openVersion: number | undefined;
  onOpen: (version: TemplateVersionRecord) => void;
  onPublish: (version: TemplateVersionRecord) => void;
  onDelete: (version: TemplateVersionRecord) => void;
  onExport: (version: TemplateVersionRecord) => void;
}

type VersionHandlers = Pick<VersionsPanelProps, 'onOpen' | 'onPublish' | 'onDelete' | 'onExport'>;

/**
 * A version's buttons, in their order: open; publish (a draft); export; delete (a version made in the app, not while
 * calculations use it).
 */
const VersionActions = ({
  version,
  onOpen,
  onPublish,
  onDelete,
  onExport,
}: VersionHandlers & { version: TemplateVersionRecord }) => {
  const translate = useTranslate();
  const actions: (LabelledIconButtonProps & { shown: boolean })[] = [
    { label: 'templateEditor.versions.open', icon: EditIcon, onClick: () => onOpen(version), shown: true },
    {
      label: 'templateEditor.actions.publish',
      icon: PublishIcon,
      onClick: () => onPublish(version),
      testId: `publish-version-${version.version}`,
      shown: version.status === 'draft',
    },
    { label: 'templateEditor.actions.export', icon: DownloadIcon, onClick: () => onExport(version), shown: true },
    {
      label: 'templateEditor.actions.delete',
      icon: DeleteIcon,
      onClick: () => onDelete(version),
      disabledReason: version.usage > 0 ? translate('templateEditor.versions.in_use') : null,
      shown: version.source === 'app',
    },
  ];
  return (
    <>
      {actions
        .filter((action) => action.shown)
        .map(({ shown: _shown, ...action }) => (
          <LabelledIconButton key={action.label} {...action} label={translate(action.label)} />
        ))}
    </>
  );
};

export const VersionsPanel = ({ versions, openVersion, ...handlers }: VersionsPanelProps) => {
  const translate = useTranslate();
  const versionList = useList({ data: [...versions] });
  if (versions.length === 0) return null;
  return (
    <Card variant="outlined" sx={{ mt: 2 }} data-testid="template-versions">
      <CardContent>
        <Typography variant="overline" component="h2">
          {translate('templateEditor.versions.title')}
        </Typography>
        <ListContextProvider value={versionList}>
          <DataTable
            resource="template-versions"
            size="small"
            rowClick={false}
            bulkActionButtons={false}
            sx={{ '& td, & th': { px: 1 } }}
            rowSx={(version: TemplateVersionRecord) =>
              version.version === openVersion ? { bgcolor: 'action.selected' } : {}
            }
          >
            <DataTable.Col
              source="version"
              label="templateEditor.versions.version"
              render={(version: TemplateVersionRecord) => `v${version.version}`}
            />
            <DataTable.Col
              source="status"
              label="templateEditor.list.status"
              render={(version: TemplateVersionRecord) => <TemplateStatusChip status={version.status} />}
            />
            <DataTable.NumberCol source="usage" label="templateEditor.list.usage" />
            <DataTable.Col
              align="right"
              cellSx={() => ({ whiteSpace: 'nowrap' })}
              render={(version: TemplateVersionRecord) => <VersionActions version={version} {...handlers} />}
            />
          </DataTable>
        </ListContextProvider>
      </CardContent>
    </Card>
  );
};
