/** Deletes a collection after a confirmation dialog; its calculations stay. */
import DeleteIcon from '@mui/icons-material/Delete';
import { useState } from 'react';
import { Button, Confirm, useDelete, useNotify, useRedirect, useTranslate } from 'react-admin';
import type { CollectionRecord } from '../../core/api';

export const DeleteCollectionButton = ({ record, redirectTo }: { record: CollectionRecord; redirectTo?: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete<CollectionRecord>();
  const confirm = () =>
    remove(
      'collections',
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify('collections.deleted', { type: 'info', messageArgs: { name: record.name } });
          if (redirectTo) redirect(redirectTo);
        },
        onError: (error) => {
          setOpen(false);
          notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
        },
      },
    );
  return (
    <>
      <Button
        label="ra.action.delete"
        color="error"
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
        data-testid="collection-delete"
      >
        <DeleteIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={translate('collections.delete.title', { name: record.name })}
        content={translate('collections.delete.content', { smart_count: record.calculation_count })}
        confirm="ra.action.delete"
        confirmColor="warning"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
