/** What a writer may do with a collection, in its list row, its card and on its page: edit, copy, delete. */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EditIcon from '@mui/icons-material/Edit';
import { Link } from 'react-router-dom';
import { Button } from 'react-admin';
import type { CollectionRecord } from '../../core/api';
import { DeleteCollectionButton } from './DeleteCollectionButton';

export const CollectionWriteButtons = ({ record, redirectTo }: { record: CollectionRecord; redirectTo?: string }) => (
  <>
    <Button component={Link} to={`/collections/${record.id}/edit`} label="ra.action.edit">
      <EditIcon />
    </Button>
    <Button component={Link} to={`/collections/create?from=${record.id}`} label="collections.duplicate">
      <ContentCopyIcon />
    </Button>
    <DeleteCollectionButton record={record} redirectTo={redirectTo} />
  </>
);
