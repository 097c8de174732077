import type { RoleName } from './roles';

/**
 * One step between a workflow's states: who may take it (or the clock, at the instant one of the
 * record's fields names), from which states, and what it asks of the person taking it.
 */
export interface Transition<S extends string = string> {
  /** The button's text ('Submit for review'); the i18n key is the transition's name. */
  label: string;
  from: readonly S[];
  to: S;
  /** Roles that may take it, deny unless listed; none: only the clock takes it (`at`). */
  roles: readonly RoleName[];
  /** `'required'`: refused without a comment (asking for changes says what to change). */
  comment?: 'required' | 'optional';
  /**
   * A date-time field of the record: the job queue takes the transition once that instant has
   * passed (a store window opening), exactly once however many servers run.
   */
  at?: string;
}

/**
 * The states a record goes through and the transitions between them, as part of its definition
 * (Strapi's review workflows, Django FSM's `@transition`): the state is a field no body writes;
 * the engine serves each transition as `POST {path}/:id/transitions/{name}` for its roles, refuses
 * any other change of state, records each in the history and the audit log with its comment and
 * announces it on the change stream.
 */
export interface Workflow<S extends string = string> {
  /** The field holding the state. */
  field: string;
  /** Every state, in the order a record usually goes through them, with its label. */
  states: Record<S, { label: string }>;
  /** The state of a new record. */
  initial: S;
  transitions: Record<string, Transition<S>>;
}

export const defineWorkflow = <const S extends string>(workflow: Workflow<S>): Workflow<S> => workflow;

/** The state field of a workflow: a choice of its states, kept by the engine, filtered and sorted. */
export const stateField = <S extends string>(workflow: Workflow<S>, label = 'State') =>
  ({
    kind: 'choice',
    label,
    required: true,
    readOnly: true,
    default: workflow.initial,
    sort: true,
    filter: true,
    choices: (Object.entries(workflow.states) as [S, { label: string }][]).map(([value, state]) => ({
      value,
      label: state.label,
    })),
  }) as const;

export const commentMax = 2000;

/** The transitions these roles may take from this state, by name. */
export function transitionsFrom(workflow: Workflow, state: string, roleNames: readonly string[]) {
  return Object.entries(workflow.transitions).filter(
    ([, transition]) =>
      transition.from.includes(state) && transition.roles.some((role) => roleNames.includes(role)),
  );
}

/** The text of a refused transition: from where the record stands, this step is not possible. */
export const notFromMessage = (workflow: Workflow, transition: Transition, state: string) =>
  `${transition.label} is not possible: it is ${workflow.states[state]?.label ?? state}`;

export const commentRequiredMessage = 'Comment is required';
