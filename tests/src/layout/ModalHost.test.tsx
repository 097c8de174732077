import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ModalHost, useModal } from '../../../src/layout/ModalHost';

function SecondOpener() {
  const modal = useModal();
  return (
    <button type="button" onClick={() => modal.open({ title: 'Second', content: 'second body' })}>
      open second
    </button>
  );
}

function FirstOpener({ onFirstClosed }: { onFirstClosed: () => void }) {
  const modal = useModal();
  const content = (
    <>
      first body <SecondOpener />
    </>
  );
  return (
    <button type="button" onClick={() => modal.open({ title: 'First', content, onClose: onFirstClosed })}>
      open first
    </button>
  );
}

describe('modals', () => {
  it('open one at a time: opening another closes the first', async () => {
    const onFirstClosed = vi.fn();
    render(
      <ModalHost>
        <FirstOpener onFirstClosed={onFirstClosed} />
      </ModalHost>,
    );
    await userEvent.click(screen.getByText('open first'));
    expect(await screen.findByRole('dialog')).toHaveTextContent('first body');
    await userEvent.click(screen.getByText('open second'));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('dialog')).toHaveTextContent('second body');
    expect(screen.queryByText(/first body/)).not.toBeInTheDocument();
    expect(onFirstClosed).toHaveBeenCalledTimes(1);
  });

  it('closes with Escape', async () => {
    render(
      <ModalHost>
        <SecondOpener />
      </ModalHost>,
    );
    await userEvent.click(screen.getByText('open second'));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
