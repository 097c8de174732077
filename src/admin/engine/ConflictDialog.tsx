import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Box,
  Radio,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { AnyResource } from '../../../contract/resource';
import type { ResourceText } from './labels';

type Values = Record<string, unknown>;

/** A 409 of a stale save: what the user sent, the record as it now is, and who changed it when. */
export interface Conflict {
  mine: Values;
  theirs: Values & { version: number };
  message: string;
}

/** The 409 of a stale write (`server/engine/versions.ts`) as a `Conflict`, anything else undefined. */
export function conflictOf(error: unknown, mine: Values): Conflict | undefined {
  const { status, message, body } = (error ?? {}) as {
    status?: number;
    message?: string;
    body?: { result?: { current?: Conflict['theirs'] } };
  };
  const theirs = body?.result?.current;
  return status === 409 && theirs ? { mine, theirs, message: message ?? '' } : undefined;
}

/** One compared field: its path in the form's values (`name.firstName`) and its label. */
export interface ConflictField {
  path: string;
  label: string;
  /** Rich text: compared and shown as its text. */
  html?: boolean;
  /** How the field's value reads (an engine form's `valueText`); else as stored. */
  shows?: (value: unknown) => string;
}

/** An engine form's fields, as the conflict dialog compares them, labelled in the reader's language. */
export const conflictFieldsOf = (
  definition: AnyResource,
  names: string[],
  text: ResourceText,
  valueOf: (name: string, value: unknown) => string,
): ConflictField[] =>
  names.map((name) => ({
    path: name,
    label: text.field(definition, name),
    html: definition.fields[name].kind === 'richText',
    shows: (value) => valueOf(name, value),
  }));

/** Values wrap between words; only a token longer than the line (an address, a code) breaks inside. */
const wrapping = { overflowWrap: 'break-word', wordBreak: 'normal', hyphens: 'manual' } as const;

const valueAt = (values: Values, path: string) =>
  path.split('.').reduce<unknown>((node, key) => (node as Values | null | undefined)?.[key], values);

const shown = (value: unknown, html: boolean | undefined) => {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return value.join(', ');
  const text = String(value);
  return html ? (new DOMParser().parseFromString(text, 'text/html').body.textContent ?? '') : text;
};

type Choice = 'mine' | 'theirs';

/**
 * The dialog itself takes focus as it opens, so a screen reader says its title and what happened
 * (its description) before the first choice; MUI would focus its backdrop-wide container, which
 * has no name. Stable, so a re-render (a choice made) does not take focus back.
 */
const focusOnOpen = (paper: HTMLElement | null) => paper?.focus();

/**
 * Yours and theirs side by side for each field that differs, after a save met a newer version.
 * The user keeps theirs, takes the other's, or chooses per field; the choice is written into the
 * form with the newer version, and saved (over the newer version, which is what they chose). The
 * form under the dialog keeps what the user typed until then.
 */
export function ConflictDialog({
  conflict,
  fields,
  label,
  onSave,
  onClose,
}: {
  conflict: Conflict | undefined;
  fields: ConflictField[];
  label: string;
  onSave: (values: Values) => unknown;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const form = useFormContext();
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (!conflict) return null;
  const differing = fields.filter(
    (f) => shown(valueAt(conflict.mine, f.path), f.html) !== shown(valueAt(conflict.theirs, f.path), f.html),
  );
  // A field the user left as they read it defaults to theirs: only what they typed contends.
  const read = (form.formState.defaultValues ?? {}) as Values;
  const typed = (f: ConflictField) =>
    shown(valueAt(conflict.mine, f.path), f.html) !== shown(valueAt(read, f.path), f.html);
  const choiceOf = (path: string) =>
    choices[path] ?? (typed(differing.find((f) => f.path === path)!) ? 'mine' : 'theirs');

  const resolve = (pick: (path: string) => Choice) => {
    for (const f of differing) {
      const side = pick(f.path) === 'mine' ? conflict.mine : conflict.theirs;
      form.setValue(f.path, valueAt(side, f.path), { shouldDirty: true });
    }
    form.setValue('version', conflict.theirs.version, { shouldDirty: true });
    setChoices({});
    onClose();
    void onSave(form.getValues());
  };

  /* A field's two radios are one group: Tab stops on the chosen one, arrows switch. */
  const choice = (f: ConflictField, side: Choice) => (
    <Radio
      name={`conflict-${f.path}`}
      value={side}
      checked={choiceOf(f.path) === side}
      onChange={() => setChoices({ ...choices, [f.path]: side })}
      slotProps={{
        input: {
          'aria-label': `${f.label}: ${translate(side === 'mine' ? 'app.conflict.yours' : 'app.conflict.theirs')}`,
        },
      }}
    />
  );
  const value = (f: ConflictField, side: Choice) => {
    const stored = valueAt(side === 'mine' ? conflict.mine : conflict.theirs, f.path);
    return (f.shows ? f.shows(stored) : shown(stored, f.html)) || translate('app.conflict.empty');
  };

  return (
    <Dialog
      open
      fullScreen={small}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="conflict-title"
      aria-describedby="conflict-message"
      slotProps={{ paper: { tabIndex: -1, ref: focusOnOpen } }}
    >
      <DialogTitle id="conflict-title">
        {translate('app.conflict.title', { label: label.toLowerCase() })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="conflict-message" role="status">
          {conflict.message}
        </DialogContentText>
        <DialogContentText sx={{ mt: 1 }}>{translate('app.conflict.intro')}</DialogContentText>
        {small ? (
          // On a phone a field is a group of its two choices, one under the other: three columns
          // would leave each value a few letters wide.
          differing.map((f) => (
            <Box component="fieldset" key={f.path} data-field={f.path} sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
              <Typography component="legend" variant="subtitle2">
                {f.label}
              </Typography>
              {(['mine', 'theirs'] as const).map((side) => (
                <Box
                  key={side}
                  component="label"
                  sx={{ display: 'flex', alignItems: 'flex-start', ...wrapping }}
                >
                  {choice(f, side)}
                  <Box component="span" sx={{ pt: 1, minWidth: 0 }}>
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      {translate(side === 'mine' ? 'app.conflict.yours' : 'app.conflict.theirs')}:{' '}
                    </Box>
                    {value(f, side)}
                  </Box>
                </Box>
              ))}
            </Box>
          ))
        ) : (
          <Table size="small" sx={{ mt: 2, tableLayout: 'fixed' }}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.conflict.field')}</TableCell>
                <TableCell>{translate('app.conflict.yours')}</TableCell>
                <TableCell>{translate('app.conflict.theirs')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {differing.map((f) => (
                <TableRow key={f.path} data-field={f.path}>
                  <TableCell component="th" scope="row" sx={wrapping}>
                    {f.label}
                  </TableCell>
                  {(['mine', 'theirs'] as const).map((side) => (
                    <TableCell key={side} sx={wrapping}>
                      {choice(f, side)}
                      {value(f, side)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        <Button onClick={onClose}>{translate('app.conflict.cancel')}</Button>
        <Button onClick={() => resolve(() => 'theirs')}>{translate('app.conflict.takeTheirs')}</Button>
        <Button onClick={() => resolve(() => 'mine')}>{translate('app.conflict.keepMine')}</Button>
        <Button variant="contained" onClick={() => resolve(choiceOf)}>
          {translate('app.conflict.saveChoice')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
