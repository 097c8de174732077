import { Box, Link, Typography } from '@mui/material';
import type { ElementType } from 'react';
import { useAppMessages } from '../../i18n/locale';
import { useDocumentTitle } from '../../layout/PortalBrand';

interface ErrorScreenProps {
  heading: string;
  title: string;
  body: string;
  homePath: string;
  /** The link of the router the page is drawn by: the admin's and the public pages' differ. */
  routerLink: ElementType;
  /** Inside the admin layout, which has the page's main landmark already. */
  inLayout?: boolean;
}

/** The error pages' one look, inside the admin and out. */
export function ErrorScreen({
  heading,
  title,
  body,
  homePath,
  routerLink,
  inLayout = false,
}: ErrorScreenProps) {
  const appMessages = useAppMessages();
  useDocumentTitle(heading);
  return (
    <Box component={inLayout ? 'div' : 'main'} sx={{ p: 4, maxWidth: 640, mx: 'auto', textAlign: 'center' }}>
      <Typography variant="overline" component="p" sx={{ fontSize: '1rem' }}>
        {heading}
      </Typography>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {body}
      </Typography>
      <Link component={routerLink} to={homePath}>
        {appMessages.notFound.returnHome}
      </Link>
    </Box>
  );
}
