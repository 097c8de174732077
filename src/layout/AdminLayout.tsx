import { Alert, Box, ThemeProvider } from '@mui/material';
import type { ReactNode } from 'react';
import { useLogout } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { AccessGuard } from '../admin/AccessGuard';
import { useAppMessages } from '../i18n/locale';
import { session } from '../providers';
import { useLiveChanges } from '../providers/liveChanges';
import { useAuthState } from '../providers/session';
import { AdminBridge } from './AdminBridge';
import { withVisibleDropZones } from './dropZones';
import { EnvironmentBanner } from './EnvironmentBanner';
import { Frame } from './Frame';
import { IdleModal } from './IdleModal';
import { LoadingToast } from './LoadingToast';
import { ModalHost } from './ModalHost';
import { PageHeader } from './PageHeader';
import { PageTitle } from './PageTitle';
import { useAdminDocumentTitle } from './useAdminDocumentTitle';
import { useFocusInView } from './useFocusInView';
import { useFocusRescue } from './useFocusRescue';
import { useViewportHeight } from './useViewportHeight';

/**
 * Top bar, collapsible sidebar (a drawer under 640 px) and a scrolling content area with
 * the environment banner, the page's h1, the organization header, the loading toast and one modal slot.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const appMessages = useAppMessages();
  const { status } = useAuthState(session);
  const logout = useLogout();
  useViewportHeight();
  useAdminDocumentTitle();
  useFocusRescue();
  useFocusInView();
  useLiveChanges(useQueryClient());
  return (
    <ThemeProvider theme={withVisibleDropZones}>
      <Frame>
        <AdminBridge />
        <ModalHost>
          <EnvironmentBanner />
          <PageTitle />
          {status === 'error' ? (
            <Box sx={{ p: 3 }}>
              <Alert severity="error">{appMessages.errors.userLoad}</Alert>
            </Box>
          ) : (
            <AccessGuard>
              <PageHeader />
              {children}
            </AccessGuard>
          )}
          <IdleModal logout={logout} />
        </ModalHost>
        <LoadingToast />
      </Frame>
    </ThemeProvider>
  );
}
