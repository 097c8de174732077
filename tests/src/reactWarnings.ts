import { format } from 'node:util';
import { captureOwnerStack } from 'react';

/**
 * React warnings that mean a real bug: a prop leaking onto a DOM element (it lands in the
 * markup, and its intended effect is lost) and state updated outside act() (the test asserts
 * on a screen React has not finished drawing). tests/src/setup.ts fails the test that caused them.
 */
const failingWarnings = [/React does not recognize the `\w+` prop on a DOM element/, /\bact\(/];

/**
 * react-admin 5 still hands MUI 9 props it no longer takes: ResettableTextField (every
 * TextInput, the Search box included) passes `InputProps`, NumberInput and the table header's
 * select-all checkbox (DatagridHeader) `inputProps`, and the
 * BooleanInput and CheckboxGroupInput items pass FormControlLabel `inputRef`. Our own components
 * give MUI `slotProps`. Matched by the prop and the react-admin component that passes it, so
 * the same warning from our own code still fails; drop an entry once react-admin stops.
 */
const knownLibraryWarnings = [
  { prop: 'InputProps', passedBy: /\bat ResettableTextField\b/ },
  { prop: 'inputProps', passedBy: /\bat (NumberInput|DatagridHeader)\b/ },
  { prop: 'inputRef', passedBy: /\bat (BooleanInput|CheckboxGroupInputItem)\b/ },
];

const isKnownLibraryWarning = (args: unknown[]) =>
  String(args[0]).startsWith('React does not recognize') &&
  knownLibraryWarnings.some(
    ({ prop, passedBy }) => args[1] === prop && passedBy.test(captureOwnerStack() ?? ''),
  );

/**
 * Testing Library declares the act() environment only where test hooks are globals; without
 * it React never reports an update outside act().
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const caught: string[] = [];
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  consoleError(...args);
  const message = format(...args);
  if (failingWarnings.some((pattern) => pattern.test(message)) && !isKnownLibraryWarning(args)) {
    caught.push(message);
  }
};

/** The failing warnings logged since the last call. */
export const takeReactWarnings = () => caught.splice(0);
