import { DialogContent } from '@mui/material';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ModalDialog, ModalHost } from '../../../src/layout/ModalHost';

/** A page's own modal: its opener, its state and its content, as the real pages have them. */
function PageModal({ name, onClosed = () => {} }: { name: string; onClosed?: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    onClosed();
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open {name}
      </button>
      <ModalDialog open={open} onClose={close}>
        <DialogContent>{name} body</DialogContent>
      </ModalDialog>
    </>
  );
}

/** A warning the user may not dismiss, like the idle modal: displaced, it takes its own way out. */
function Warning({ open, onDisplaced }: { open: boolean; onDisplaced: () => void }) {
  return (
    <ModalDialog open={open} onDisplaced={onDisplaced}>
      <DialogContent>warning body</DialogContent>
    </ModalDialog>
  );
}

describe('modals', () => {
  it('open one at a time: opening another closes the first', async () => {
    const firstClosed = vi.fn();
    render(
      <ModalHost>
        <PageModal name="first" onClosed={firstClosed} />
        <PageModal name="second" />
      </ModalHost>,
    );
    await userEvent.click(screen.getByText('open first'));
    expect(await screen.findByRole('dialog')).toHaveTextContent('first body');
    // The open dialog makes the page behind it inert to pointer and screen readers; a second
    // modal opens from code (a timer, a notice) rather than from a click there.
    act(() => screen.getByText('open second').click());
    await waitFor(() => expect(screen.queryByText('first body')).not.toBeInTheDocument());
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('dialog')).toHaveTextContent('second body');
    expect(firstClosed).toHaveBeenCalledTimes(1);
  });

  it('gives a warning that cannot be dismissed its own way out when another modal opens', async () => {
    const displaced = vi.fn();
    render(
      <ModalHost>
        <Warning open onDisplaced={displaced} />
        <PageModal name="page" />
      </ModalHost>,
    );
    expect(await screen.findByRole('dialog')).toHaveTextContent('warning body');
    act(() => screen.getByText('open page').click());
    await waitFor(() => expect(displaced).toHaveBeenCalledTimes(1));
  });

  it('closes with Escape', async () => {
    render(
      <ModalHost>
        <PageModal name="only" />
      </ModalHost>,
    );
    await userEvent.click(screen.getByText('open only'));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
