import { Alert } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { environmentFromCookies } from '../lib/environment';

/** 'You are on the X environment' outside production, from the cookie the server sets. */
export function EnvironmentBanner() {
  const translate = useTranslate();
  const [name] = useState(() => environmentFromCookies(document.cookie));
  if (!name) return null;
  return (
    <Alert
      severity="warning"
      icon={false}
      role="status"
      sx={{ borderRadius: 0, justifyContent: 'center', py: 0 }}
    >
      {translate('app.layout.environmentBanner', { name })}
    </Alert>
  );
}
