import { cleanup, render } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, RecordContextProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { definitionOf } from '../../../../contract/definitions';
import { field } from '../../../../contract/resource';
import { cellOf } from '../../../../src/admin/engine/cells';
import { en } from '../../../../src/i18n/react-admin';

afterEach(cleanup);

function renderCell(value: unknown) {
  const cell = cellOf(
    definitionOf('settings')!,
    field.boolean({ label: 'Enabled' }),
    { source: 'isEnabled', label: 'Enabled', sortable: false },
    (choice) => choice.label,
  );
  return render(
    <AdminContext i18nProvider={polyglotI18nProvider(() => en, 'en')}>
      <RecordContextProvider value={{ id: 1, isEnabled: value }}>{cell}</RecordContextProvider>
    </AdminContext>,
  );
}

describe('a yes/no cell', () => {
  it.each([
    [true, 'Yes'],
    [false, 'No'],
  ])('reads %s as "%s" to a screen reader, not as an empty cell', (value, word) => {
    const { container } = renderCell(value);
    // What a screen reader reads: the text outside aria-hidden subtrees.
    const spoken = [...container.querySelectorAll('*')]
      .filter((element) => element.closest('[aria-hidden="true"]') === null)
      .flatMap((element) => [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE))
      .map((node) => node.textContent)
      .join('');
    expect(spoken).toBe(word);
    expect(container.querySelectorAll('[aria-hidden="true"][aria-label]')).toHaveLength(0);
  });
});
