import NotificationsIcon from '@mui/icons-material/Notifications';
import { Badge, IconButton } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { useUnreadCount } from '../pages/notifications/api';

/** The top bar's bell: the unread count, live, and the way to the notifications page. */
export function NotificationBell() {
  const translate = useTranslate();
  const { data: unread = 0 } = useUnreadCount();
  return (
    <IconButton
      color="inherit"
      component={Link}
      to="/notifications"
      aria-label={translate('app.notifications.bell', { count: unread })}
      // A phone's bar holds the title too: the bell takes no more room than its icon needs.
      sx={{ p: { xs: 0.5, sm: 1 } }}
    >
      <Badge badgeContent={unread} color="error" max={99}>
        <NotificationsIcon />
      </Badge>
    </IconButton>
  );
}
