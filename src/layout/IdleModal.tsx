import { Button, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useAppMessages } from '../i18n/locale';
import { ModalDialog } from './ModalHost';
import { useSessionLife } from './useSessionLife';

/**
 * 'You appear to be idle' with 'Stay Logged In'; mounted once by each signed-in layout, which
 * says how to log out (react-admin's logout in the admin, `signOut` in the account area). The
 * function must keep its identity, or each new one restarts the countdown.
 */
export function IdleModal({ logout }: { logout: () => unknown }) {
  const text = useAppMessages().layout;
  const life = useSessionLife(logout);
  return (
    <ModalDialog open={life.idle} onDisplaced={life.stayLoggedIn} aria-labelledby="idle-title">
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
    </ModalDialog>
  );
}
