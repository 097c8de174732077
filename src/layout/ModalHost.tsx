import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';

interface ModalRequest {
  title?: ReactNode;
  content: ReactNode;
  onClose?: () => void;
}

interface ModalApi {
  /** Opens a modal, closing whichever was open: there is only ever one. */
  open(request: ModalRequest): void;
  close(): void;
}

const ModalContext = createContext<ModalApi | null>(null);

/** The admin area's single modal slot (spec section 2: modals open one at a time). */
export function ModalHost({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ModalRequest | null>(null);
  const currentRef = useRef<ModalRequest | null>(null);
  const show = useCallback((request: ModalRequest | null) => {
    currentRef.current?.onClose?.();
    currentRef.current = request;
    setCurrent(request);
  }, []);
  const close = useCallback(() => show(null), [show]);
  const open = useCallback((request: ModalRequest) => show(request), [show]);
  const api = useMemo(() => ({ open, close }), [open, close]);
  return (
    <ModalContext.Provider value={api}>
      {children}
      <Dialog
        open={current !== null}
        onClose={close}
        fullWidth
        maxWidth="sm"
        aria-labelledby="modal-host-title"
      >
        {current?.title && <DialogTitle id="modal-host-title">{current.title}</DialogTitle>}
        {current && <DialogContent>{current.content}</DialogContent>}
      </Dialog>
    </ModalContext.Provider>
  );
}

export function useModal(): ModalApi {
  const api = useContext(ModalContext);
  if (!api) throw new Error('useModal must be used inside <ModalHost>');
  return api;
}
