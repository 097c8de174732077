import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { appMessages } from '../../i18n/en';
import { useDocumentTitle } from '../../layout/PortalBrand';

interface ErrorPageProps {
  heading: string;
  title: string;
  body: string;
  homePath: string;
  /** Inside the admin layout, which has the page's main landmark already. */
  inLayout?: boolean;
}

function ErrorPage({ heading, title, body, homePath, inLayout = false }: ErrorPageProps) {
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
      <Link component={RouterLink} to={homePath}>
        {appMessages.notFound.returnHome}
      </Link>
    </Box>
  );
}

const { notFound, forbidden } = appMessages;

export const NotFoundPage = () => <ErrorPage {...notFound} homePath="/" />;
export const AdminNotFoundPage = () => <ErrorPage {...notFound} homePath="/admin" inLayout />;
export const ForbiddenPage = () => <ErrorPage {...forbidden} homePath="/admin" />;
