import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, Popover, Typography } from '@mui/material';
import { useState } from 'react';
import { definitionWithoutSchemasOf } from '../../contract/definitions/without-schemas';
import { useNotifyDeleted } from '../admin/engine/trash';
import { useDelete, useRecordContext, useRefresh, useResourceContext, useTranslate } from 'react-admin';
import { useFailureToast } from '../providers/failureToast';

export interface DeleteRowButtonProps {
  /** The entity label of the confirmation, for example 'Account' for the users table. */
  label: string;
  /** What names the row ('Tigers'): the button says which row it deletes, as 'Delete' cannot. */
  title: string;
}

/**
 * The generic row delete: a popover asking 'Are you sure you want to delete this {label}'
 * with Confirm and Cancel, then the definition's delete call. Success toasts 'Deleted' (with
 * Undo where the record went to the trash); a
 * failure toasts the first validation failure's message, unless the http client already did.
 */
export function DeleteRowButton({ label, title }: DeleteRowButtonProps) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const translate = useTranslate();
  const notifyDeleted = useNotifyDeleted(resource ? definitionWithoutSchemasOf(resource) : undefined);
  const refresh = useRefresh();
  const failureToast = useFailureToast();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [deleteOne, { isPending }] = useDelete();
  if (!record || !resource) return null;

  const confirm = () =>
    deleteOne(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setAnchor(null);
          notifyDeleted([record.id]);
          refresh();
        },
        onError: (error) => {
          setAnchor(null);
          failureToast(error);
        },
      },
    );

  const question = translate('app.tables.deleteRowConfirm', { label });
  return (
    <>
      <Button
        size="small"
        color="error"
        startIcon={<DeleteIcon />}
        aria-label={translate('app.tables.deleteItem', { name: title })}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0, textTransform: 'none' }}
        onClick={(event) => {
          event.stopPropagation();
          setAnchor(event.currentTarget);
        }}
      >
        {translate('app.tables.delete')}
      </Button>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'alertdialog', 'aria-label': question } }}
      >
        <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5, maxWidth: 320 }}>
          <Typography>{question}</Typography>
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
            <Button onClick={() => setAnchor(null)}>{translate('app.tables.cancel')}</Button>
            <Button variant="contained" color="error" disabled={isPending} onClick={confirm}>
              {translate('app.tables.confirm')}
            </Button>
          </Box>
        </Box>
      </Popover>
    </>
  );
}
