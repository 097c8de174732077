import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Checkbox,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useNotify } from 'ra-core';
import { useEffect, useMemo, useState } from 'react';
import {
  notificationCategories,
  notificationChannels,
  type NotificationSettings,
} from '../../../contract/notifications';
import { useAppMessages } from '../../i18n/locale';
import { loadNotificationSettings, saveNotificationSettings } from '../notifications/api';

/** The zones this browser knows, with the chosen one first found even if it does not. */
const zonesWith = (chosen: string) => {
  const known = Intl.supportedValuesOf('timeZone');
  return known.includes(chosen) ? known : [chosen, ...known];
};

/**
 * `/account/notifications`: per kind of notification, whether it shows in the app, comes by e-mail
 * at once, or goes in the daily digest, and when the digest comes in the user's time zone.
 */
export function NotificationSettingsPage() {
  const text = useAppMessages().notifications;
  const notify = useNotify();
  const [settings, setSettings] = useState<NotificationSettings>();
  const [failed, setFailed] = useState<string>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    loadNotificationSettings().then(
      (loaded) => !controller.signal.aborted && setSettings(loaded),
      (error: unknown) => !controller.signal.aborted && setFailed(String(error)),
    );
    return () => controller.abort();
  }, []);
  const zones = useMemo(() => (settings ? zonesWith(settings.timeZone) : []), [settings]);
  if (failed) return <Alert severity="error">{failed}</Alert>;
  if (!settings) return null;
  const channelLabel = {
    inApp: text.settings.inApp,
    email: text.settings.email,
    digest: text.settings.digest,
  };
  const save = async () => {
    setSaving(true);
    try {
      await saveNotificationSettings(settings);
      notify(text.settings.saved, { type: 'success' });
    } catch {
      // The http client has told the user why.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h2" gutterBottom>
        {text.settings.title}
      </Typography>
      <Typography sx={{ mb: 2 }}>{text.settings.intro}</Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={text.settings.title}>
          <TableHead>
            <TableRow>
              <TableCell component="th">{text.settings.kind}</TableCell>
              {notificationChannels.map((channel) => (
                <TableCell key={channel} component="th" align="center">
                  {channelLabel[channel]}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {notificationCategories.map((category) => (
              <TableRow key={category}>
                <TableCell component="th" scope="row">
                  {text.categories[category]}
                </TableCell>
                {notificationChannels.map((channel) => (
                  <TableCell key={channel} align="center">
                    <Checkbox
                      checked={settings.channels[category][channel]}
                      slotProps={{
                        input: { 'aria-label': `${text.categories[category]}: ${channelLabel[channel]}` },
                      }}
                      onChange={(event) =>
                        setSettings({
                          ...settings,
                          channels: {
                            ...settings.channels,
                            [category]: { ...settings.channels[category], [channel]: event.target.checked },
                          },
                        })
                      }
                    />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 3 }}>
        <TextField
          type="time"
          label={text.settings.digestTime}
          value={settings.digestTime}
          onChange={(event) => setSettings({ ...settings, digestTime: event.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 300 } }}
        />
        <Autocomplete
          sx={{ minWidth: 260 }}
          options={zones}
          value={settings.timeZone}
          disableClearable
          onChange={(_event, timeZone) => setSettings({ ...settings, timeZone })}
          renderInput={(params) => <TextField {...params} label={text.settings.timeZone} />}
        />
      </Box>
      <Button variant="contained" sx={{ mt: 3 }} disabled={saving} onClick={() => void save()}>
        {text.settings.save}
      </Button>
    </Box>
  );
}
