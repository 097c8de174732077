import { describe, expect, it } from 'vitest';
import { defineResource, field } from '../../../../contract/resource';
import { roles } from '../../../../contract/roles';
import { valueText, type ValueWords } from '../../../../src/admin/engine/values';
import { formatDateOnly, formatDateTime } from '../../../../src/lib/dates';

const campaigns = defineResource({
  name: 'fundraisers',
  table: 'fundraisers',
  label: { one: 'Fundraiser', many: 'Fundraisers' },
  titleField: 'title',
  access: { list: [roles.admin] },
  fields: {
    title: field.text({ label: 'Title', max: 50 }),
    notes: field.richText({ label: 'Notes', max: 500 }),
    goal: field.money({ label: 'Goal' }),
    seats: field.number({ label: 'Seats' }),
    isOpen: field.boolean({ label: 'Open' }),
    state: field.choice({
      label: 'State',
      choices: [
        { value: 'inReview', label: 'In review' },
        { value: 'done', label: 'Done' },
      ],
    }),
    organizationId: field.reference({ label: 'Organization', to: 'organizations', show: 'name' }),
    startsOn: field.date({ label: 'Starts' }),
    closedAt: field.dateTime({ label: 'Closed' }),
  },
});

const words: ValueWords = {
  yes: 'Yes',
  no: 'No',
  choice: (name, choice) => `${choice.label} (${name})`,
  reference: (name, id) => (name === 'organizationId' && id === 1 ? 'Lincoln High School' : undefined),
};
const shown = (name: string, value: unknown) => valueText(campaigns, name, value, words);

describe('one value renderer, as the list cells show values (issue 47)', () => {
  it('shows nothing for no value, whatever the kind', () => {
    for (const name of Object.keys(campaigns.fields))
      for (const empty of [null, undefined, '']) expect(shown(name, empty)).toBe('');
  });

  it('shows text and numbers as stored, money in dollars', () => {
    expect(shown('title', 'Spring drive')).toBe('Spring drive');
    expect(shown('seats', 12)).toBe('12');
    expect(shown('goal', 2500)).toBe('$2,500.00');
    expect(shown('goal', '-25')).toBe('($25.00)');
  });

  it('shows a yes or no in words, a choice by its label, rich text by its words', () => {
    expect(shown('isOpen', true)).toBe('Yes');
    expect(shown('isOpen', false)).toBe('No');
    expect(shown('state', 'inReview')).toBe('In review (state)');
    expect(shown('state', 'gone')).toBe('gone');
    expect(shown('notes', '<p>Bring <strong>water</strong></p>\n<p>and hats</p>')).toBe(
      'Bring water and hats',
    );
  });

  it("shows a reference by its row's label, else its id marked as one", () => {
    expect(shown('organizationId', 1)).toBe('Lincoln High School');
    expect(shown('organizationId', 2)).toBe('#2');
  });

  it("shows dates as the list does, on the reader's clock", () => {
    expect(shown('startsOn', '2026-03-01')).toBe(formatDateOnly('2026-03-01'));
    expect(shown('closedAt', '2026-03-01T17:05:00.000Z')).toBe(formatDateTime('2026-03-01T17:05:00.000Z'));
    expect(shown('startsOn', '2026-03-01')).not.toBe('2026-03-01');
  });

  it('shows a list of values (roles) each by its label', () => {
    expect(shown('state', ['inReview', 'done'])).toBe('In review (state), Done (state)');
  });
});
