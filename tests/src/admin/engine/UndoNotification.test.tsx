import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, useNotify } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UndoNotification } from '../../../../src/admin/engine/UndoNotification';
import { appMessages } from '../../../../src/i18n/en';
import { i18nProvider } from '../../../../src/providers/i18nProvider';

const texts = appMessages.trash;
const shownFor = 1_000;

function Deleter({ onUndo }: { onUndo: () => void }) {
  const notify = useNotify();
  return (
    <button
      type="button"
      onClick={() =>
        notify(<UndoNotification message={appMessages.tables.deleted} onUndo={onUndo} />, {
          type: 'success',
          autoHideDuration: shownFor,
        })
      }
    >
      Delete
    </button>
  );
}

function renderToast() {
  const onUndo = vi.fn();
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <Deleter onUndo={onUndo} />
      <Notification />
    </AdminContext>,
  );
  return onUndo;
}

const undoButton = () => screen.queryByRole('button', { name: texts.undo });

afterEach(() => {
  vi.useRealTimers();
});

describe('the Undo notification', () => {
  it('moves focus to its Undo action, which says how it is reached and how long the message stays', async () => {
    renderToast();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(appMessages.tables.deleted);
    await waitFor(() => expect(undoButton()).toHaveFocus());
    expect(undoButton()).toHaveAccessibleDescription(texts.undoHint);
  });

  it('stays past its time while focus is inside, and closes once focus leaves', async () => {
    renderToast();
    // Fake timers once react-admin has started: its translations resolve on real ones.
    await screen.findByRole('button', { name: 'Delete' });
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(undoButton()).toHaveFocus();
    await act(() => vi.advanceTimersByTimeAsync(shownFor * 10));
    expect(screen.getByRole('alert')).toBeVisible();
    act(() => screen.getByRole('button', { name: 'Delete' }).focus());
    await act(() => vi.advanceTimersByTimeAsync(shownFor * 10));
    // Closed: it fades out, and jsdom ends no CSS transition to remove it.
    expect(screen.getByRole('alert')).not.toBeVisible();
  });

  it('undoes once on Enter, and closes', async () => {
    const onUndo = renderToast();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(undoButton()).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    expect(onUndo).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(undoButton()).toBeNull());
  });
});
