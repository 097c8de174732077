import {
  Box,
  Button,
  Chip,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Pagination,
  Paper,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { type NotificationItem, notificationText } from '../../../contract/notifications';
import { useLocale } from '../../i18n/locale';
import { formatDateTime } from '../../lib/dates';
import { notificationsPageSize, useMarkRead, useNotifications } from './api';

function Item({ item, onRead }: { item: NotificationItem; onRead: () => void }) {
  const translate = useTranslate();
  const locale = useLocale();
  const text = (
    <ListItemText
      primary={notificationText(locale, item.messageKey, item.params)}
      secondary={`${translate(`app.notifications.categories.${item.category}`)} · ${formatDateTime(item.createdAt)}`}
      slotProps={{ primary: { sx: { fontWeight: item.read ? 'normal' : 'bold' } } }}
    />
  );
  const unread = !item.read && (
    <Chip size="small" color="primary" label={translate('app.notifications.unreadItem')} sx={{ ml: 1 }} />
  );
  return (
    <ListItem
      disablePadding
      divider
      secondaryAction={
        !item.read && (
          <Button size="small" onClick={onRead}>
            {translate('app.notifications.markRead')}
          </Button>
        )
      }
    >
      {item.link ? (
        // The admin's router adds /admin itself.
        <ListItemButton
          component={Link}
          to={item.link.replace(/^\/admin(?=\/|$)/, '') || '/'}
          onClick={() => !item.read && onRead()}
        >
          {text}
          {unread}
        </ListItemButton>
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, width: '100%' }}>
          {text}
          {unread}
        </Box>
      )}
    </ListItem>
  );
}

/** `/admin/notifications`: the user's own, newest first; opening one marks it read. */
export function NotificationsPage() {
  const translate = useTranslate();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [page, setPage] = useState(1);
  const { data } = useNotifications(page, unreadOnly);
  const markRead = useMarkRead();
  const pages = data ? Math.max(1, Math.ceil(data.total / notificationsPageSize)) : 1;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 900 }}>
      <Title title={translate('app.notifications.title')} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={unreadOnly ? 'unread' : 'all'}
          aria-label={translate('app.notifications.show')}
          onChange={(_event, value: string | null) => {
            if (!value) return;
            setUnreadOnly(value === 'unread');
            setPage(1);
          }}
        >
          <ToggleButton value="all">{translate('app.notifications.all')}</ToggleButton>
          <ToggleButton value="unread">{translate('app.notifications.unread')}</ToggleButton>
        </ToggleButtonGroup>
        <Button
          variant="outlined"
          disabled={!data || data.unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate(undefined)}
        >
          {translate('app.notifications.markAllRead')}
        </Button>
      </Box>
      <Paper>
        {data && data.items.length === 0 ? (
          <Typography sx={{ p: 2 }}>
            {translate(unreadOnly ? 'app.notifications.noneUnread' : 'app.notifications.none')}
          </Typography>
        ) : (
          <List disablePadding>
            {data?.items.map((item) => (
              <Item key={item.id} item={item} onRead={() => markRead.mutate(item.id)} />
            ))}
          </List>
        )}
      </Paper>
      {pages > 1 && (
        <Pagination sx={{ mt: 2 }} count={pages} page={page} onChange={(_event, value) => setPage(value)} />
      )}
    </Box>
  );
}
