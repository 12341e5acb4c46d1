// The paths QA replays, generated with xstate/graph from a flow's model machine: the same walk as the
// Vitest model tests (tests/model/support.ts: the shortest path to each model state, then each event that
// state accepts), without the paths that another path already contains from its start.
import { createHash } from 'node:crypto';
import {
  getInitialSnapshot,
  getNextSnapshot,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  type StateValue,
} from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  activeStateIds,
  statechartOf,
  statesOf,
  transitionsOf,
  type Statechart,
} from '../src/inspector/statechart';

export interface ModelState {
  value: StateValue;
  context: unknown;
}

export interface PathStep {
  event: EventObject;
  /** The model state the step must end in, which the page mapping checks on the screen. */
  state: ModelState;
  /** The model transitions the event takes (ids of src/inspector/statechart.ts). */
  transitions: string[];
}

export interface QaPath {
  /** A short hash of the flow and the path's events: the same on every run and machine. */
  id: string;
  title: string;
  start: ModelState;
  steps: PathStep[];
}

export interface Coverage {
  states: { reached: string[]; total: number; missing: string[] };
  transitions: { covered: string[]; total: number; missing: string[] };
}

export interface FlowPaths {
  flow: string;
  machine: string;
  paths: QaPath[];
  coverage: Coverage;
}

const modelState = (snapshot: AnyMachineSnapshot): ModelState => ({
  value: snapshot.value,
  context: snapshot.context,
});

/** An event as the paths print it: its type, then its payload. */
export function eventLabel(event: EventObject): string {
  const { type, ...payload } = event;
  return Object.keys(payload).length ? `${type} ${JSON.stringify(payload)}` : type;
}

export const stateLabel = (value: StateValue): string =>
  typeof value === 'string' ? value : JSON.stringify(value);

export function pathId(flow: string, events: EventObject[]): string {
  const content = JSON.stringify([flow, events]);
  return createHash('sha256').update(content).digest('hex').slice(0, 10);
}

/** The ids of the transitions a model takes for an event, as the statechart module names them. */
function transitionIds(machine: AnyStateMachine, from: AnyMachineSnapshot, event: EventObject): string[] {
  return machine.getTransitionData(from as never, event as never).map((definition) => {
    const source = definition.source;
    const index = (source.transitions.get(definition.eventType) ?? []).indexOf(definition as never);
    return `${source.id}#${definition.eventType}#${index}`;
  });
}

/**
 * Whether the model takes the event in this state. XState's `can` says no to a transition with neither a
 * target nor actions, which is how a model says "this event changes nothing the model tracks" (the kitchen
 * moving a round, the clock's fee step, a refused headcount): the page still has to show it, so such a
 * transition is walked like any other.
 */
export function accepts(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  return machine.getTransitionData(snapshot as never, event as never).length > 0;
}

interface RawPath {
  snapshots: AnyMachineSnapshot[];
  events: EventObject[];
}

/** One path per (model state, accepted event): every model state and transition at least once. */
function transitionWalk(machine: AnyStateMachine, events: EventObject[]): RawPath[] {
  const model = createTestModel(machine, { events: () => events });
  const seen = new Set<string>();
  const walks: RawPath[] = [];
  for (const path of model.getShortestPaths({ allowDuplicatePaths: true })) {
    const steps = path.steps.filter((s) => s.event.type !== 'xstate.init');
    const from = path.state as AnyMachineSnapshot;
    for (const event of events) {
      if (!accepts(machine, from, event)) continue;
      const key = `${JSON.stringify(modelState(from))} ${eventLabel(event)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const next = getNextSnapshot(machine, from, event) as AnyMachineSnapshot;
      walks.push({
        snapshots: [...steps.map((s) => s.state as AnyMachineSnapshot), next],
        events: [...steps.map((s) => s.event), event],
      });
    }
  }
  return walks;
}

/** Drops each path whose events begin another path: the longer one checks every state it passes. */
function withoutPrefixes(walks: RawPath[]): RawPath[] {
  const keys = walks.map((w) => w.events.map(eventLabel));
  return walks.filter((_, i) =>
    keys.every(
      (other, j) =>
        j === i || other.length <= keys[i]!.length || !keys[i]!.every((label, n) => label === other[n]),
    ),
  );
}

function coverageOf(chart: Statechart, paths: QaPath[]): Coverage {
  const stateIds = statesOf(chart)
    .filter((s) => s.id !== chart.root.id)
    .map((s) => s.id);
  const transitionIdsAll = transitionsOf(chart).map((t) => t.id);
  const reached = new Set<string>();
  const covered = new Set<string>();
  for (const path of paths) {
    for (const id of activeStateIds(chart, path.start.value)) reached.add(id);
    for (const step of path.steps) {
      for (const id of activeStateIds(chart, step.state.value)) reached.add(id);
      for (const id of step.transitions) covered.add(id);
    }
  }
  return {
    states: {
      reached: stateIds.filter((id) => reached.has(id)),
      total: stateIds.length,
      missing: stateIds.filter((id) => !reached.has(id)),
    },
    transitions: {
      covered: transitionIdsAll.filter((id) => covered.has(id)),
      total: transitionIdsAll.length,
      missing: transitionIdsAll.filter((id) => !covered.has(id)),
    },
  };
}

/** Every path of a flow, with stable ids, and the model states and transitions they reach. */
export function generatePaths(flow: string, machine: AnyStateMachine, events: EventObject[]): FlowPaths {
  const initial = getInitialSnapshot(machine) as AnyMachineSnapshot;
  const paths = withoutPrefixes(transitionWalk(machine, events)).map((walk): QaPath => {
    const steps = walk.events.map((event, i) => ({
      event,
      state: modelState(walk.snapshots[i]!),
      transitions: transitionIds(machine, i === 0 ? initial : walk.snapshots[i - 1]!, event),
    }));
    const title = `${walk.events.map(eventLabel).join(' → ')} ⇒ ${stateLabel(steps.at(-1)!.state.value)}`;
    return { id: pathId(flow, walk.events), title, start: modelState(initial), steps };
  });
  return { flow, machine: machine.id, paths, coverage: coverageOf(statechartOf(machine), paths) };
}

export interface PathPrefix {
  path: QaPath;
  /** How many of the path's steps to replay. */
  steps: number;
}

/**
 * The shortest path to each model state (by value, whatever the context), without a replay whose states the
 * others already reach: what `npm test` replays, few and fast. `qa:replay --all` replays every path.
 */
export function shortestPathsToStates(all: FlowPaths): PathPrefix[] {
  const best = new Map<string, PathPrefix>();
  for (const path of all.paths) {
    path.steps.forEach((step, i) => {
      const key = stateLabel(step.state.value);
      const current = best.get(key);
      if (!current || i + 1 < current.steps) best.set(key, { path, steps: i + 1 });
    });
  }
  const statesOf = (prefix: PathPrefix) => [
    stateLabel(prefix.path.start.value),
    ...prefix.path.steps.slice(0, prefix.steps).map((step) => stateLabel(step.state.value)),
  ];
  // The shortest replays go first: a longer one reaches more states and is the likelier to stay.
  let kept = [...new Set(best.values())];
  for (const candidate of [...kept].sort((a, b) => a.steps - b.steps)) {
    const others = kept.filter((prefix) => prefix !== candidate);
    const reached = new Set(others.flatMap(statesOf));
    if (statesOf(candidate).every((state) => reached.has(state))) kept = others;
  }
  return kept;
}
