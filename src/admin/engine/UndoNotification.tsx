import { Alert, Box, Button } from '@mui/material';
import { useEffect, useId, useRef } from 'react';
import { useCloseNotification, useTranslate } from 'react-admin';

/**
 * A success toast with Undo (after a delete, after an import). Focus moves to Undo as it opens:
 * what had focus (a row, a confirmation, an import form) is gone, and the toast sits at the end
 * of the page, otherwise a long way off by Tab. While focus is inside, MUI's Snackbar pauses its
 * timer, so the toast stays until Undo, Escape, or focus leaves it; a line under the message says
 * so, and Undo is described by it. The focus waits a task: the Snackbar starts its timer in its
 * own effect, after this one, and a focus before it would not pause it.
 */
export function UndoNotification({ message, onUndo }: { message: string; onUndo: () => void }) {
  const translate = useTranslate();
  const close = useCloseNotification();
  const undoRef = useRef<HTMLButtonElement>(null);
  const hintId = useId();
  useEffect(() => {
    const timer = setTimeout(() => undoRef.current?.focus());
    return () => clearTimeout(timer);
  }, []);
  return (
    <Alert
      severity="success"
      variant="filled"
      action={
        <Button
          ref={undoRef}
          color="inherit"
          size="small"
          aria-describedby={hintId}
          onClick={() => {
            close();
            onUndo();
          }}
        >
          {translate('app.trash.undo')}
        </Button>
      }
    >
      <Box>{message}</Box>
      <Box id={hintId} sx={{ typography: 'body2', mt: 0.5 }}>
        {translate('app.trash.undoHint')}
      </Box>
    </Alert>
  );
}
