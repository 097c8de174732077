import type { Field } from './fields';

export interface FieldRule<F extends Record<string, Field> = Record<string, Field>> {
  /** The field a broken rule is reported on (the one to change). */
  field: keyof F & string;
  /** Its message, in English; the app's catalogues translate it as every server message. */
  message: string;
  holds: (values: Record<string, unknown>) => boolean;
  /** Values that break it, so the derived tests refuse them on every path without a list of cases. */
  broken: Record<string, unknown>;
}

/**
 * The usual rule: `later` is empty, or not before `earlier` (dates, instants or numbers), its
 * message "Ends on must not be before Starts on".
 */
export const notBefore = <F extends Record<string, Field>>(
  fields: F,
  later: keyof F & string,
  earlier: keyof F & string,
): FieldRule<F> => ({
  field: later,
  message: `${fields[later].label} must not be before ${fields[earlier].label}`,
  holds: (values) => {
    const [end, start] = [values[later], values[earlier]];
    if (end == null || start == null) return true;
    const order = (value: unknown) => (typeof value === 'number' ? value : Date.parse(String(value)));
    return order(end) >= order(start);
  },
  broken: Object.fromEntries(
    [earlier, later].map((name, index) => {
      const kind = fields[name].kind;
      const value =
        kind === 'date'
          ? `2026-03-0${2 - index}`
          : kind === 'dateTime'
            ? `2026-03-0${2 - index}T12:00:00.000Z`
            : 2 - index;
      return [name, value];
    }),
  ),
});
