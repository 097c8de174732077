import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { appMessages } from '../i18n/en';
import { useSessionLife } from './useSessionLife';

const text = appMessages.layout;

/** 'You appear to be idle' with 'Stay Logged In'; mounted once by each signed-in layout. */
export function IdleModal() {
  const life = useSessionLife();
  return (
    <Dialog open={life.idle} aria-labelledby="idle-title">
      <DialogTitle id="idle-title">{text.idleTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {text.idleCountdown.replace('%{seconds}', String(life.secondsLeft))}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={life.logout}>{text.logout}</Button>
        <Button variant="contained" onClick={life.stayLoggedIn} autoFocus>
          {text.stayLoggedIn}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
