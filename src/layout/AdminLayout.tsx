import { Alert, Box } from '@mui/material';
import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AccessGuard } from '../admin/AccessGuard';
import { appMessages } from '../i18n/en';
import { session } from '../providers';
import { Bridge } from '../providers/Bridge';
import { useAuthState } from '../providers/session';
import { Menu } from './Menu';

/** Top bar, collapsible sidebar and a scrolling content area (react-admin's Layout). */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { status } = useAuthState(session);
  return (
    <Layout menu={Menu}>
      <Bridge />
      {status === 'error' ? (
        <Box sx={{ p: 3 }}>
          <Alert severity="error">{appMessages.errors.userLoad}</Alert>
        </Box>
      ) : (
        <AccessGuard>{children}</AccessGuard>
      )}
    </Layout>
  );
}
