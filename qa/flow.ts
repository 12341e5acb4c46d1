// What a QA flow is: a model machine (the one a Vitest model test walks), how a fresh run starts, and its
// page mapping: one Playwright action per model event, one Playwright check per model state.
import type { Page } from '@playwright/test';
import type { AnyStateMachine, EventObject } from 'xstate';
import { statechartOf, statesOf } from '../src/inspector/statechart';
import type { ModelState } from './paths';

/** One replay of one path: the page, the server, and what earlier steps left for later ones. */
export interface Run {
  page: Page;
  baseURL: string;
  /** Values a step keeps for later steps (the placed order, the phone the customer logged in with). */
  memory: Map<string, unknown>;
}

export type EventAction<TEvent extends EventObject> = (run: Run, event: TEvent) => Promise<void>;
export type StateCheck = (run: Run, state: ModelState) => Promise<void>;

export interface QaFlow<TEvent extends EventObject = EventObject> {
  name: string;
  title: string;
  /** Where a fresh run starts, in words for the report: the shop, the URL, the login. */
  startsWith: string;
  model: AnyStateMachine;
  events: TEvent[];
  /** Brings a fresh browser context to the model's initial state. */
  begin(run: Run): Promise<void>;
  actions: { [K in TEvent['type']]: EventAction<Extract<TEvent, { type: K }>> };
  /** Keyed by the path of an atomic model state below the root (`editing`, `processing.waiting`). */
  checks: Record<string, StateCheck>;
  /**
   * Events whose action moves the server's clock (TEST_CLOCK_CONTROL): a replay with one of them runs in
   * the e2e suite's `@clock` project, after every scenario that expects the clock where it was.
   */
  serverClockEvents?: TEvent['type'][];
  /** The paths share the server's data (one table and its tab): they are replayed one at a time. */
  serial?: boolean;
  /** Leaves the server's data as the next run expects it (a table freed), after a path passed or failed. */
  end?(run: Run): Promise<void>;
}

export class MissingMappingError extends Error {}

/** The paths of the model's atomic states below the root, as `checks` keys them. */
export function atomicStateKeys(model: AnyStateMachine): string[] {
  const chart = statechartOf(model);
  return statesOf(chart)
    .filter((s) => s.id !== chart.root.id && s.children.length === 0)
    .map((s) => s.id.slice(chart.root.id.length + 1));
}

/** Throws, naming every model event without an action and every model state without a check. */
export function assertMapped(flow: QaFlow): void {
  const actions = flow.actions as Record<string, unknown>;
  const missingEvents = [...new Set(flow.events.map((e) => e.type))].filter((type) => !actions[type]);
  const missingStates = atomicStateKeys(flow.model).filter((key) => !flow.checks[key]);
  if (missingEvents.length === 0 && missingStates.length === 0) return;
  const parts = [
    missingEvents.length ? `events without a page action: ${missingEvents.join(', ')}` : '',
    missingStates.length ? `states without a screen check: ${missingStates.join(', ')}` : '',
  ].filter(Boolean);
  throw new MissingMappingError(`Flow "${flow.name}" is not fully mapped to the page: ${parts.join('; ')}.`);
}

/** The atomic state keys a model state value is in (`{ a: 'b' }` → `a.b`). */
export function activeKeys(value: ModelState['value']): string[] {
  if (typeof value === 'string') return [value];
  return Object.entries(value).flatMap(([key, inner]) =>
    inner === undefined ? [key] : activeKeys(inner).map((k) => `${key}.${k}`),
  );
}
