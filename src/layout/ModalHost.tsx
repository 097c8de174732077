import { Dialog, type DialogProps } from '@mui/material';
import { createContext, type ReactNode, type RefObject, useContext, useEffect, useMemo, useRef } from 'react';

type Displace = (() => void) | undefined;

interface ModalSlot {
  /** Takes the slot for `owner`, displacing whoever held it; gives back the release. */
  claim(owner: RefObject<Displace>): () => void;
}

const ModalSlotContext = createContext<ModalSlot | null>(null);

/**
 * The signed-in areas' single modal slot (spec section 2: modals open one at a time). Each
 * modal keeps its own content and state; opening one closes whichever other was open.
 */
export function ModalHost({ children }: { children: ReactNode }) {
  const holder = useRef<RefObject<Displace> | null>(null);
  const slot = useMemo<ModalSlot>(
    () => ({
      claim(owner) {
        if (holder.current && holder.current !== owner) holder.current.current?.();
        holder.current = owner;
        return () => {
          if (holder.current === owner) holder.current = null;
        };
      },
    }),
    [],
  );
  return <ModalSlotContext.Provider value={slot}>{children}</ModalSlotContext.Provider>;
}

/** Holds the slot while `open`; `displace` runs when another modal opens. Outside a host it does nothing. */
function useModalSlot(open: boolean, displace: Displace) {
  const slot = useContext(ModalSlotContext);
  const owner = useRef<Displace>(displace);
  useEffect(() => {
    owner.current = displace;
  });
  useEffect(() => (open && slot ? slot.claim(owner) : undefined), [open, slot]);
}

/**
 * MUI's Dialog in the modal slot. Another modal opening closes it through `onClose`, or
 * through `onDisplaced` for a dialog that the user may not dismiss (the idle warning).
 */
export function ModalDialog({
  onClose,
  onDisplaced,
  ...props
}: Omit<DialogProps, 'onClose'> & { onClose?: () => void; onDisplaced?: () => void }) {
  useModalSlot(props.open, onDisplaced ?? onClose);
  return <Dialog onClose={onClose} {...props} />;
}
