import BadgeIcon from '@mui/icons-material/Badge';
import GroupIcon from '@mui/icons-material/Group';
import PersonIcon from '@mui/icons-material/Person';
import { Box, Button, Card, CardActions, CardContent, Chip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router';
import type { DashboardElement } from '../../../contract/dashboard';
import { formatNumber } from '../../lib/currency';

type ElementOf<T extends DashboardElement['dashboardDataType']> = Extract<
  DashboardElement,
  { dashboardDataType: T }
>;

/** One dashboard card: an icon, a title, the content and optional actions. */
export function DashboardCard({
  icon,
  title,
  children,
  actions,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card
      component="section"
      aria-label={title}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <CardContent sx={{ flex: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, color: 'primary.main' }}>
          {icon}
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
        </Box>
        {children}
      </CardContent>
      {actions && <CardActions>{actions}</CardActions>}
    </Card>
  );
}

function Detail({ label, value }: { label: string; value: string | null }) {
  const translate = useTranslate();
  return (
    <Typography>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:
      </Box>{' '}
      {value || translate('app.dashboard.notAvailable')}
    </Typography>
  );
}

export function PrimaryInfoCard({
  element,
  isAdmin,
}: {
  element: ElementOf<'UserDetails'>;
  isAdmin: boolean;
}) {
  const translate = useTranslate();
  return (
    <DashboardCard
      icon={<PersonIcon />}
      title={translate('app.dashboard.primaryInfo')}
      actions={
        isAdmin && (
          <Button component={Link} to={`/admin/users/update/${element.id}`} size="small">
            {translate('app.dashboard.updateAccount')}
          </Button>
        )
      }
    >
      <Detail label={translate('app.dashboard.fullName')} value={element.fullName} />
      <Detail label={translate('app.dashboard.email')} value={element.email} />
    </DashboardCard>
  );
}

export function AssignedRolesCard({ element }: { element: ElementOf<'UserRoles'> }) {
  const translate = useTranslate();
  return (
    <DashboardCard icon={<BadgeIcon />} title={translate('app.dashboard.assignedRoles')}>
      {element.roles.length === 0 ? (
        <Typography>{translate('app.dashboard.notAvailable')}</Typography>
      ) : (
        <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}>
          {element.roles.map((role) => (
            <li key={role}>
              <Chip label={translate(`app.roles.${role}`, { _: role })} />
            </li>
          ))}
        </Box>
      )}
    </DashboardCard>
  );
}

export function UserCountCard({ element }: { element: ElementOf<'UserCount'> }) {
  const translate = useTranslate();
  return (
    <DashboardCard
      icon={<GroupIcon />}
      title={translate('app.dashboard.userCount')}
      actions={
        <Button component={Link} to="/admin/users" size="small">
          {translate('app.dashboard.viewUsers')}
        </Button>
      }
    >
      <Typography variant="h3" component="p">
        {formatNumber(element.numberOfUsers)}
      </Typography>
    </DashboardCard>
  );
}
