/**
 * States as data (issue 14): a business record's state machine is declared once, here in the
 * contract — its states, the steps that move it, who may take each and from which states. The
 * server runs every step through one helper (apps/server/src/platform/flow.ts: a conditional
 * update, its history row and its operation-log row); the browser shows exactly the buttons
 * the same declaration allows for the record's state. Neither side writes a state list again.
 */
import type { EnumOption } from './resource/define';

/** Who takes a step: a console user holding the page's button, a sender of the open API, or the system (a job, another step). */
export type FlowActor = 'console' | 'open' | 'system';

export interface FlowStep<S extends string> {
  /** Chinese verb shown on the button and in the history, e.g. 审核通过. */
  label: string;
  from: readonly S[];
  to: S;
  /** Who may take it (default console). */
  by?: readonly FlowActor[];
  /** A console step's button key on the flow's page (BUTTONS of the route table). */
  button?: string;
  /** Whether a reason must (required) or may (optional) be given; default none. */
  reason?: 'required' | 'optional';
  /** Asks for confirmation in the browser before it runs (a step that moves money). */
  confirm?: string;
}

export interface FlowDecl<S extends string = string, K extends string = string> {
  /** The flow's name: its history rows and operation-log actions use it (`<name>.<step>`). */
  name: string;
  /** Chinese noun of the record, e.g. 退款单. */
  title: string;
  /** The console page whose buttons the steps need. */
  page: string;
  states: readonly (EnumOption & { value: S })[];
  initial: S;
  steps: Record<K, FlowStep<S>>;
}

/** Declares a flow; checks that every step starts and ends in a declared state. */
export const defineFlow = <const S extends string, const K extends string>(decl: FlowDecl<S, K>): FlowDecl<S, K> => {
  const known = new Set<string>(decl.states.map((s) => s.value));
  if (!known.has(decl.initial)) throw new Error(`flow ${decl.name}: initial state ${decl.initial} is not declared`);
  for (const [key, step] of Object.entries(decl.steps) as [string, FlowStep<S>][]) {
    for (const s of [...step.from, step.to]) {
      if (!known.has(s)) throw new Error(`flow ${decl.name}: step ${key} names undeclared state ${s}`);
    }
    if (step.from.length === 0) throw new Error(`flow ${decl.name}: step ${key} starts nowhere`);
  }
  return decl;
};

export type StateOf<F> = F extends FlowDecl<infer S, string> ? S : never;
export type StepOf<F> = F extends FlowDecl<string, infer K> ? K : never;

const actorsOf = (step: FlowStep<string>): readonly FlowActor[] => step.by ?? ['console'];

/** Whether `step` may be taken from `state` by `actor`. */
export const canStep = <S extends string, K extends string>(
  flow: FlowDecl<S, K>,
  step: K,
  state: string,
  actor: FlowActor = 'console',
): boolean => {
  const s = flow.steps[step] as FlowStep<S> | undefined;
  return !!s && (s.from as readonly string[]).includes(state) && actorsOf(s).includes(actor);
};

/** The steps `actor` may take from `state`, in declaration order: the buttons a detail page shows. */
export const stepsFrom = <S extends string, K extends string>(
  flow: FlowDecl<S, K>,
  state: string,
  actor: FlowActor = 'console',
): K[] => (Object.keys(flow.steps) as K[]).filter((k) => canStep(flow, k, state, actor));

/** The Chinese label of a state (the value itself when unknown). */
export const stateLabel = (flow: FlowDecl, state: string): string =>
  flow.states.find((s) => s.value === state)?.label ?? state;

/** Step key → label, for the operation log's STEP_VERBS and the history's words. */
export const stepLabels = (flow: FlowDecl): Record<string, string> =>
  Object.fromEntries(Object.entries(flow.steps).map(([k, s]) => [k, (s as FlowStep<string>).label]));
