import { Alert, Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { type Identifier, useCloseNotification, useNotify, usePermissions, useTranslate } from 'react-admin';
import { type AnyResource, offers, resourceCalls } from '../../../contract/definition';
import { http } from '../../providers';
import { useFailureToast } from '../../providers/failureToast';

/** Brings records of a `trash` resource back with one `restore-many` call, then refetches its lists. */
export function useRestore(definition: AnyResource | undefined) {
  const queryClient = useQueryClient();
  return useCallback(
    async (ids: Identifier[]) => {
      if (!definition) return;
      await http(`/api/${resourceCalls(definition).restoreMany!.path}`, { method: 'POST', body: { ids } });
      await queryClient.invalidateQueries({ queryKey: [definition.name] });
    },
    [definition, queryClient],
  );
}

/**
 * Focus moves to Undo as the toast opens: the row and the confirmation that had it are gone, and
 * Undo was otherwise 30 Tabs away from a keyboard. While focus is inside, MUI's Snackbar pauses its
 * timer, so the toast stays until Undo, Escape, or focus leaves it. The focus waits a task: the
 * Snackbar starts its timer in its own effect, after this one, and a focus before it would not
 * pause it.
 */
function DeletedToast({ onUndo }: { onUndo: () => void }) {
  const translate = useTranslate();
  const close = useCloseNotification();
  const undoRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const timer = setTimeout(() => undoRef.current?.focus());
    return () => clearTimeout(timer);
  }, []);
  return (
    <Alert
      severity="success"
      variant="filled"
      action={
        <Button
          ref={undoRef}
          color="inherit"
          size="small"
          onClick={() => {
            close();
            onUndo();
          }}
        >
          {translate('app.trash.undo')}
        </Button>
      }
    >
      {translate('app.tables.deleted')}
    </Alert>
  );
}

/**
 * The spec's 'Deleted' toast; where the records went to the trash and the user may restore,
 * it offers Undo, which restores them.
 */
export function useNotifyDeleted(definition: AnyResource | undefined) {
  const notify = useNotify();
  const translate = useTranslate();
  const { permissions } = usePermissions<string[]>();
  const restore = useRestore(definition);
  const failureToast = useFailureToast();
  return useCallback(
    (ids: Identifier[]) => {
      if (!definition?.trash || !offers(definition, 'restore', permissions ?? [])) {
        notify(translate('app.tables.deleted'), { type: 'success' });
        return;
      }
      const undo = () =>
        restore(ids).then(
          () => notify(translate('app.trash.restored', { smart_count: ids.length }), { type: 'success' }),
          failureToast,
        );
      notify(<DeletedToast onUndo={undo} />, { type: 'success', autoHideDuration: 10_000 });
    },
    [definition, permissions, notify, translate, restore, failureToast],
  );
}
