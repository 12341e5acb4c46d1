// What the app's pages and the inspector page say to each other over one BroadcastChannel of the origin
// (docs/decisions.md Q6): the inspector can be opened before or after the app, reloaded, or watch several
// app tabs, and a developer's event goes back the same way. Every payload is masked and plain.
import type { Statechart } from './statechart';

export const INSPECT_CHANNEL = 'storefront-flow-inspector';
/** Where the inspector page is served, by the server (INSPECTOR) and by `npm run dev`. */
export const INSPECTOR_PATH = '/inspect/';

export interface WireSnapshot {
  status: string;
  value: unknown;
  context: unknown;
}

/** An actor of an app page, as the inspector lists it. */
export interface WireActor {
  sessionId: string;
  parentId?: string;
  /** The actor's id in its parent (an invoke's or spawn's id), or the machine's id for a root. */
  name: string;
  /** Set for state machines: the diagram's source. */
  chart?: Statechart;
  snapshot: WireSnapshot;
  startedAt: number;
}

export interface WireEvent {
  /** Counts up per app page, so the inspector can order and dedupe. */
  seq: number;
  at: number;
  sessionId: string;
  sourceId?: string;
  event: { type: string; [key: string]: unknown };
}

export type AppMessage =
  | { kind: 'hello'; appId: string; page: string; at: number }
  | { kind: 'state'; appId: string; page: string; actors: WireActor[]; events: WireEvent[] }
  | { kind: 'actor'; appId: string; actor: WireActor }
  | { kind: 'snapshot'; appId: string; sessionId: string; snapshot: WireSnapshot; at: number }
  | { kind: 'event'; appId: string; event: WireEvent }
  | { kind: 'stopped'; appId: string; sessionId: string; at: number }
  | { kind: 'bye'; appId: string }
  | { kind: 'sent'; appId: string; sessionId: string; ok: boolean; reason?: string };

export type InspectorMessage =
  | { kind: 'sync' }
  | { kind: 'send'; appId: string; sessionId: string; event: { type: string; [key: string]: unknown } };

export type ChannelMessage = AppMessage | InspectorMessage;
