import { Alert } from '@mui/material';
import { useState } from 'react';
import { useShellMessages } from '../i18n/locale';
import { environmentFromCookies } from '../lib/environment';

/** 'You are on the X environment' outside production, from the cookie the server sets; on every page. */
export function EnvironmentBanner() {
  const appMessages = useShellMessages();
  const [name] = useState(() => environmentFromCookies(document.cookie));
  if (!name) return null;
  return (
    <Alert
      severity="warning"
      icon={false}
      role="status"
      sx={{ borderRadius: 0, justifyContent: 'center', py: 0 }}
    >
      {appMessages.layout.environmentBanner.replace('%{name}', name)}
    </Alert>
  );
}
