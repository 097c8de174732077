import { CircularProgress, Snackbar, SnackbarContent, Stack } from '@mui/material';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useDelayedVisibility } from './useDelayedVisibility';

/** 'Loading...' while any query or mutation is slow. */
export function LoadingToast() {
  const translate = useTranslate();
  const busy = useIsFetching() + useIsMutating() > 0;
  const visible = useDelayedVisibility(busy);
  return (
    <Snackbar open={visible} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
      <SnackbarContent
        role="status"
        message={
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            {/* The words beside it say it; a second unnamed progress bar would only be noise. */}
            <CircularProgress size={16} color="inherit" aria-hidden />
            <span>{translate('app.layout.loading')}</span>
          </Stack>
        }
      />
    </Snackbar>
  );
}
