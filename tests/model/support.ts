// Shared by the model-based tests: paths that cover every state and every transition of a model machine,
// and a runner that checks the start state before walking a path.
import {
  getInitialSnapshot,
  getNextSnapshot,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventFrom,
  type EventObject,
} from 'xstate';
import { createTestModel } from 'xstate/graph';
import { accepts } from '../../qa/paths';

export interface ModelParams<TEvent extends EventObject> {
  /** Keyed by model state (state.matches); each checks the real actor against the model's snapshot. */
  states: Record<string, (state: AnyMachineSnapshot) => void | Promise<void>>;
  /** Each model event drives the real actor. */
  events: { [K in TEvent['type']]: (event: Extract<TEvent, { type: K }>) => void | Promise<void> };
}

export interface CoveragePath<TEvent extends EventObject> {
  description: string;
  run(params: ModelParams<TEvent>): Promise<void>;
}

const formatEvent = (event: EventObject) => {
  const { type, ...rest } = event;
  return Object.keys(rest).length ? `${type} ${JSON.stringify(rest)}` : type;
};

const serialize = (snapshot: AnyMachineSnapshot) =>
  JSON.stringify({ value: snapshot.value, context: snapshot.context });

/**
 * One path per transition of the model: the shortest way to each state, then each event that state
 * accepts. Every state is reached and every transition is taken at least once.
 */
export function coveragePaths<M extends AnyStateMachine>(
  machine: M,
  events: EventFrom<M>[],
): CoveragePath<EventFrom<M>>[] {
  const model = createTestModel(machine, { events: () => events });
  const initial = getInitialSnapshot(machine as AnyStateMachine) as AnyMachineSnapshot;
  const seen = new Set<string>();
  const result: CoveragePath<EventFrom<M>>[] = [];
  for (const path of model.getShortestPaths({ allowDuplicatePaths: true })) {
    const from = path.state as AnyMachineSnapshot;
    const prefix = path.steps
      .filter((s) => s.event.type !== 'xstate.init')
      .map((s) => formatEvent(s.event))
      .join(' → ');
    for (const event of events) {
      if (!accepts(machine, from, event)) continue;
      const key = `${serialize(from)} ${formatEvent(event)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const next = getNextSnapshot(machine as AnyStateMachine, from, event) as AnyMachineSnapshot;
      const steps = [...path.steps, { state: next, event }] as typeof path.steps;
      const label = [prefix, formatEvent(event)].filter(Boolean).join(' → ');
      result.push({
        description: `${label} ⇒ ${JSON.stringify(next.value)}`,
        run: async (params) => {
          const testParams = {
            states: params.states,
            events: Object.fromEntries(
              Object.entries(params.events).map(([type, exec]) => [
                type,
                (step: { event: EventObject }) => (exec as (e: EventObject) => unknown)(step.event),
              ]),
            ),
          } as unknown as Parameters<typeof model.testPath>[1];
          await model.testState(testParams, initial as typeof path.state);
          await model.testPath({ state: next as typeof path.state, steps, weight: steps.length }, testParams);
        },
      });
    }
  }
  return result;
}

/**
 * Lets pending promise actors and their follow-up transitions settle before the next assertion. Each round
 * is a turn of the event loop (setImmediate: every promise settled so far has run its callbacks), not a
 * timer: a timer of 0 waits at least a millisecond, and the model tests take tens of thousands of rounds.
 */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}
