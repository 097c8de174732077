import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext } from 'react-admin';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { type Conflict, ConflictDialog, conflictOf } from '../../../../src/admin/engine/ConflictDialog';
import { appMessages } from '../../../../src/i18n/en';
import { en } from '../../../../src/i18n/react-admin';

const texts = appMessages.conflict;
const fields = [
  { path: 'name', label: 'Name' },
  { path: 'sport', label: 'Sport' },
  { path: 'body', label: 'Body', html: true },
  { path: 'budget', label: 'Budget' },
];
/** What the form read; the user then typed a new name and body, and left the sport. */
const read = { id: 5, version: 1, name: 'Tigers', sport: 'rowing', body: '<p>Hi</p>', budget: 10 };
const mine = { ...read, name: 'Lions', body: '<p>Hello <b>all</b></p>' };
const conflict: Conflict = {
  mine,
  theirs: { ...read, version: 2, name: 'Pumas', sport: 'soccer', body: '<p>Hey</p>' },
  message: 'Ann Admin changed this team at 2026-11-25 06:41 UTC, after you opened it',
};

function Harness({ onSave }: { onSave: (values: Record<string, unknown>) => void }) {
  const form = useForm({ defaultValues: read, values: mine, resetOptions: { keepDefaultValues: true } });
  return (
    <FormProvider {...form}>
      <ConflictDialog
        conflict={conflict}
        fields={fields}
        label="Team"
        onSave={onSave}
        onClose={() => undefined}
      />
    </FormProvider>
  );
}

function renderDialog() {
  const onSave = vi.fn();
  render(
    <AdminContext i18nProvider={polyglotI18nProvider(() => en, 'en')}>
      <Harness onSave={onSave} />
    </AdminContext>,
  );
  return onSave;
}

const radio = (field: string, side: string) => screen.getByRole('radio', { name: `${field}: ${side}` });

describe('the conflict dialog', () => {
  it('shows who changed the record and, for each differing field, yours and theirs (rich text as its text)', async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('status')).toHaveTextContent(conflict.message);
    expect(
      within(dialog)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      `Field${texts.yours}${texts.theirs}`,
      'NameLionsPumas',
      'Sportrowingsoccer',
      'BodyHello allHey',
    ]);
  });

  it('defaults a typed field to yours and an untouched one to theirs, and saves the choice with the newer version', async () => {
    const onSave = renderDialog();
    await screen.findByRole('dialog');
    expect(radio('Name', texts.yours)).toBeChecked();
    expect(radio('Body', texts.yours)).toBeChecked();
    // The sport was left as read: the other's change to it stands unless the user says otherwise.
    expect(radio('Sport', texts.theirs)).toBeChecked();
    await userEvent.click(radio('Body', texts.theirs));
    await userEvent.click(screen.getByRole('button', { name: texts.saveChoice }));
    expect(onSave).toHaveBeenCalledWith({
      ...read,
      version: 2,
      name: 'Lions',
      sport: 'soccer',
      body: '<p>Hey</p>',
    });
  });

  it('takes focus as it opens, described by what happened, and lets the keyboard choose per field', async () => {
    const onSave = renderDialog();
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog).toHaveFocus());
    expect(dialog).toHaveAccessibleDescription(conflict.message);
    // Tab enters each field's pair on its chosen radio; an arrow takes the other side.
    await userEvent.tab();
    expect(radio('Name', texts.yours)).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(radio('Name', texts.theirs)).toHaveFocus();
    expect(radio('Name', texts.theirs)).toBeChecked();
    await userEvent.tab();
    expect(radio('Sport', texts.theirs)).toHaveFocus();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: texts.saveChoice })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onSave).toHaveBeenCalledWith({ ...mine, version: 2, name: 'Pumas', sport: 'soccer' });
  });

  it('keeps every value of mine in one click', async () => {
    const keep = renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: texts.keepMine }));
    expect(keep).toHaveBeenCalledWith({ ...mine, version: 2 });
  });

  it('takes every value of theirs in one click', async () => {
    const take = renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: texts.takeTheirs }));
    expect(take).toHaveBeenCalledWith(conflict.theirs);
  });

  it('reads a 409 with the current record as a conflict, and nothing else', () => {
    const error = { status: 409, message: conflict.message, body: { result: { current: conflict.theirs } } };
    expect(conflictOf(error, mine)).toEqual(conflict);
    expect(conflictOf({ status: 400, body: {} }, mine)).toBeUndefined();
  });
});
