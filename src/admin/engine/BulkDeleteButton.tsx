import DeleteIcon from '@mui/icons-material/Delete';
import { useState } from 'react';
import {
  Button,
  Confirm,
  useDeleteMany,
  useListContext,
  useRefresh,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { definitionWithoutSchemasOf } from '../../../contract/definitions/without-schemas';
import { useFailureToast } from '../../providers/failureToast';
import { useNotifyDeleted } from './trash';

/**
 * Deletes the selected rows with one `delete-many` call after a confirmation. react-admin's own
 * button toasts every failure, which the http client may already have toasted.
 */
export function BulkDeleteButton({ label }: { label: string }) {
  const resource = useResourceContext();
  const { selectedIds, onUnselectItems } = useListContext();
  const translate = useTranslate();
  const notifyDeleted = useNotifyDeleted(resource ? definitionWithoutSchemasOf(resource) : undefined);
  const refresh = useRefresh();
  const failureToast = useFailureToast();
  const [open, setOpen] = useState(false);
  const [deleteMany, { isPending }] = useDeleteMany();
  const confirm = () =>
    deleteMany(
      resource,
      { ids: selectedIds },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          onUnselectItems();
          notifyDeleted(selectedIds);
        },
        onError: (error) => {
          setOpen(false);
          failureToast(error);
          refresh();
        },
      },
    );
  return (
    <>
      <Button label={translate('app.tables.delete')} color="error" onClick={() => setOpen(true)}>
        <DeleteIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={translate('app.tables.deleteRowConfirm', { label })}
        content={translate('app.tables.deleteSelected', { smart_count: selectedIds.length })}
        confirm={translate('app.tables.confirm')}
        cancel={translate('app.tables.cancel')}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
