import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type Identifier, useNotify, usePermissions, useTranslate } from 'react-admin';
import { type AnyResource, offers, resourceCalls } from '../../../contract/definition';
import { http } from '../../providers';
import { useFailureToast } from '../../providers/failureToast';
import { UndoNotification } from './UndoNotification';

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
      notify(<UndoNotification message={translate('app.tables.deleted')} onUndo={undo} />, {
        type: 'success',
        autoHideDuration: 10_000,
      });
    },
    [definition, permissions, notify, translate, restore, failureToast],
  );
}
