import { Alert, Button } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { AnyResource } from '../../../contract/resource';
import { session } from '../../providers';
import { useRecentChanges } from '../../providers/liveChanges';
import { useAuthState } from '../../providers/session';

/**
 * Above an open update form: someone else changed (or deleted) this record since it was
 * opened. Reload shows their version; saving anyway is the user's choice.
 */
export function ChangedElsewhere({
  definition,
  id,
  onReload,
}: {
  definition: AnyResource;
  id: number;
  onReload: () => void;
}) {
  const translate = useTranslate();
  const { user } = useAuthState(session);
  // A second's grace: a change may land between the record's fetch and this first render.
  const [shownAfter, setShownAfter] = useState(() => Date.now() - 1_000);
  const change = useRecentChanges()
    .filter(
      (seen) =>
        seen.resource === definition.name &&
        seen.id === id &&
        seen.by.id !== user?.id &&
        Date.parse(seen.at) > shownAfter,
    )
    .at(-1);
  if (!change) return null;
  const deleted = change.action === 'deleted';
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={
        deleted ? undefined : (
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              setShownAfter(Date.parse(change.at));
              onReload();
            }}
          >
            {translate('app.live.reload')}
          </Button>
        )
      }
    >
      {translate(deleted ? 'app.live.deletedBy' : 'app.live.changedBy', { name: change.by.name })}
    </Alert>
  );
}
