/**
 * Bulk action of the calculations list: adds the selected calculations to a collection, an
 * existing one (idempotent on the server) or a new one named in the dialog.
 */
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Radio,
  RadioGroup,
  TextField as MuiTextField,
} from '@mui/material';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import { useState } from 'react';
import {
  Button,
  useCreate,
  useGetList,
  useListContext,
  useNotify,
  useRefresh,
  useTranslate,
  useUnselectAll,
  type Identifier,
} from 'react-admin';
import { CollectionWrite, type CollectionRecord } from '../../core/api';
import { contractMaxLength } from '../providers/contractRules';
import { useMutation } from '@tanstack/react-query';
import { useKontorDataProvider } from '../providers/dataProvider';

type Target = 'existing' | 'new';

const RECENT = {
  pagination: { page: 1, perPage: 200 },
  sort: { field: 'updated_at', order: 'DESC' as const },
  filter: {},
};

const AddToCollectionDialog = ({ ids, onClose }: { ids: number[]; onClose: (done: boolean) => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { data: collections = [], isPending } = useGetList<CollectionRecord>('collections', RECENT);
  const [target, setTarget] = useState<Target>('existing');
  const [collectionId, setCollectionId] = useState<number | ''>('');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [create] = useCreate<CollectionRecord>();
  const dataProvider = useKontorDataProvider();
  const { mutateAsync: addToCollection } = useMutation({
    mutationFn: ({ id, calculationIds }: { id: Identifier; calculationIds: Identifier[] }) =>
      dataProvider.addToCollection(id, calculationIds),
  });
  const mode: Target = !isPending && collections.length === 0 ? 'new' : target;
  const ready = mode === 'new' ? name.trim() !== '' : collectionId !== '';

  const submit = async () => {
    setBusy(true);
    try {
      let collectionName: string;
      // Adding is idempotent: calculations already in the collection stay once, and the message counts only new ones.
      let added = ids.length;
      if (mode === 'new') {
        const created = await create(
          'collections',
          { data: { name: name.trim(), calculation_ids: ids, tags: [] } },
          { returnPromise: true },
        );
        collectionName = created ? created.name : name.trim();
      } else {
        const before = new Set(collections.find((collection) => collection.id === collectionId)?.calculation_ids ?? []);
        collectionName = (await addToCollection({ id: collectionId, calculationIds: ids })).name;
        added = ids.filter((id) => !before.has(id)).length;
      }
      if (added === ids.length)
        notify('collections.added', { type: 'info', messageArgs: { smart_count: ids.length, name: collectionName } });
      else if (added === 0)
        notify('collections.already_all', {
          type: 'info',
          messageArgs: { smart_count: ids.length, name: collectionName },
        });
      else
        notify('collections.added_partly', {
          type: 'info',
          messageArgs: { smart_count: added, already: ids.length - added, name: collectionName },
        });
      onClose(true);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={() => onClose(false)} fullWidth maxWidth="xs" aria-labelledby="add-to-collection-title">
      <DialogTitle id="add-to-collection-title">
        {translate('collections.add.title', { smart_count: ids.length })}
      </DialogTitle>
      <DialogContent>
        <RadioGroup value={mode} onChange={(event) => setTarget(event.target.value as Target)}>
          <FormControlLabel
            value="existing"
            control={<Radio />}
            label={translate('collections.add.existing')}
            disabled={collections.length === 0}
          />
          {mode === 'existing' ? (
            <MuiTextField
              select
              fullWidth
              size="small"
              label={translate('collections.add.collection')}
              value={collectionId}
              onChange={(event) => setCollectionId(Number(event.target.value))}
              sx={{ mb: 1 }}
              data-testid="add-to-collection-select"
            >
              {collections.map((collection) => (
                <MenuItem key={collection.id} value={collection.id}>
                  {translate('collections.add.option', {
                    name: collection.name,
                    smart_count: collection.calculation_count,
                  })}
                </MenuItem>
              ))}
            </MuiTextField>
          ) : null}
          <FormControlLabel value="new" control={<Radio />} label={translate('collections.add.new')} />
          {mode === 'new' ? (
            <MuiTextField
              fullWidth
              size="small"
              autoFocus
              label={translate('collections.fields.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              slotProps={{ htmlInput: { maxLength: NAME_MAX, 'data-testid': 'add-to-collection-name' } }}
            />
          ) : null}
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.cancel" onClick={() => onClose(false)} />
        <Button
          label="collections.add.submit"
          variant="contained"
          onClick={() => void submit()}
          disabled={!ready || busy}
          data-testid="add-to-collection-submit"
        />
      </DialogActions>
    </Dialog>
  );
};

const NAME_MAX = contractMaxLength(CollectionWrite, 'name');

export const AddToCollectionButton = () => {
  const { selectedIds, resource } = useListContext();
  const unselectAll = useUnselectAll(resource);
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label="collections.add.button" onClick={() => setOpen(true)} data-testid="bulk-add-to-collection">
        <PlaylistAddIcon />
      </Button>
      {open ? (
        <AddToCollectionDialog
          ids={selectedIds.map(Number)}
          onClose={(done) => {
            setOpen(false);
            if (done) {
              unselectAll();
              refresh();
            }
          }}
        />
      ) : null}
    </>
  );
};
