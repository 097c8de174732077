import { Box, Button, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { http } from '../../providers';

/**
 * How many passkeys the user has, and the Admin's answer to a lost laptop: remove them all.
 * The passkeys themselves (names, dates) stay the user's own business.
 */
export function UserPasskeys({ id }: { id: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const key = ['users', id, 'passkeys'];
  const count = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      http<{ result: { count: number } }>(`/api/users/${id}/passkeys`, { signal }).then(
        (body) => body.result.count,
      ),
    staleTime: 0,
  });

  async function removeAll() {
    setRemoving(true);
    try {
      await http(`/api/users/${id}/passkeys`, { method: 'DELETE' });
      notify(translate('app.users.passkeysRemoved'), { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: key });
    } finally {
      setRemoving(false);
      setConfirming(false);
    }
  }

  if (!count.isSuccess) return null;
  return (
    <Box component="section" aria-labelledby="user-passkeys-title" sx={{ mb: 2, width: '100%' }}>
      <Typography variant="subtitle2" component="h2" id="user-passkeys-title">
        {translate('app.users.passkeys')}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2">
          {translate('app.users.passkeyCount', { smart_count: count.data })}
        </Typography>
        {count.data > 0 && (
          <Button size="small" color="warning" variant="outlined" onClick={() => setConfirming(true)}>
            {translate('app.users.removePasskeys')}
          </Button>
        )}
      </Box>
      <Confirm
        isOpen={confirming}
        loading={removing}
        title={translate('app.users.removePasskeys')}
        content={translate('app.users.removePasskeysConfirm')}
        onConfirm={removeAll}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
