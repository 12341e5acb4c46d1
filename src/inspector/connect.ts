// The app's side of the flow inspector, loaded only with `?inspect` (src/services/inspect.ts): every actor
// the app creates with the returned observer is reported, masked, to the inspector page over the origin's
// BroadcastChannel, and events the developer sends from that page reach the actor they name
// (docs/decisions.md Q6-Q8). @statelyai/inspect turns XState's inspection events into its plain event
// stream; this module adds the statechart of each machine and the way back.
import { createInspector, type StatelyInspectionEvent } from '@statelyai/inspect';
import type { AnyActorRef, AnyStateMachine, InspectionEvent, Observer } from 'xstate';
import { maskPersonalData } from './mask';
import {
  INSPECT_CHANNEL,
  INSPECTOR_PATH,
  type AppMessage,
  type ChannelMessage,
  type WireActor,
  type WireEvent,
  type WireSnapshot,
} from './protocol';
import { statechartOf, type Statechart } from './statechart';

/** How many events a late inspector is shown of what happened before it opened. */
const EVENTS_KEPT = 400;
/** How long the app waits for an open inspector to answer before it opens one. */
const ANSWER_WAIT_MS = 400;

const charts = new WeakMap<AnyStateMachine, Statechart>();
function chartOf(ref: AnyActorRef): Statechart | undefined {
  const logic = (ref as { logic?: unknown }).logic;
  if (!logic || typeof logic !== 'object' || !('root' in logic) || !('config' in logic)) return undefined;
  const machine = logic as AnyStateMachine;
  let chart = charts.get(machine);
  if (!chart) {
    chart = statechartOf(machine);
    charts.set(machine, chart);
  }
  return chart;
}

function wireSnapshot(snapshot: unknown): WireSnapshot {
  const s = (snapshot ?? {}) as { status?: string; value?: unknown; context?: unknown };
  return { status: s.status ?? 'active', value: maskPersonalData(s.value), context: s.context ?? null };
}

/** Runs after XState's own work and @statelyai/inspect's deferred conversion of the same moment. */
const later = (run: () => void) => {
  const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1));
  idle(() => idle(run));
};

const pageOf = (href: string) => {
  const url = new URL(href);
  return `${url.pathname}${url.hash.split('?')[0]}`;
};

/** What the app page holds for a late or reloaded inspector: live actors and the latest events. */
interface Reported {
  refs: Map<string, AnyActorRef>;
  actors: Map<string, WireActor>;
  events: WireEvent[];
}

/** The adapter @statelyai/inspect hands its (already masked) events to: it posts them as our messages. */
function channelAdapter(appId: string, post: (message: AppMessage) => void, reported: Reported) {
  const { refs, actors, events } = reported;
  let seq = 0;
  return {
    send(inspection: StatelyInspectionEvent) {
      if (inspection.type === '@xstate.actor') {
        const ref = refs.get(inspection.sessionId);
        const chart = ref ? chartOf(ref) : undefined;
        const actor: WireActor = {
          sessionId: inspection.sessionId,
          ...(inspection.parentId ? { parentId: inspection.parentId } : {}),
          name: inspection.name,
          ...(chart ? { chart } : {}),
          snapshot: wireSnapshot(inspection.snapshot),
          startedAt: Number(inspection.createdAt),
        };
        actors.set(actor.sessionId, actor);
        post({ kind: 'actor', appId, actor });
      } else if (inspection.type === '@xstate.snapshot') {
        const snapshot = wireSnapshot(inspection.snapshot);
        const actor = actors.get(inspection.sessionId);
        if (actor) actor.snapshot = snapshot;
        post({ kind: 'snapshot', appId, sessionId: inspection.sessionId, snapshot, at: Date.now() });
      } else {
        const event: WireEvent = {
          seq: (seq += 1),
          at: Number(inspection.createdAt),
          sessionId: inspection.sessionId,
          ...(inspection.sourceId ? { sourceId: inspection.sourceId } : {}),
          event: inspection.event as WireEvent['event'],
        };
        events.push(event);
        if (events.length > EVENTS_KEPT) events.shift();
        post({ kind: 'event', appId, event });
      }
    },
  };
}

/** Starts reporting; the returned observer is the `inspect` option of every actor the app creates. */
export function connectInspector(): Observer<InspectionEvent> {
  const appId = crypto.randomUUID();
  const channel = new BroadcastChannel(INSPECT_CHANNEL);
  const reported: Reported = { refs: new Map(), actors: new Map(), events: [] };
  const { refs, actors, events } = reported;
  let answered = false;
  const post = (message: AppMessage) => channel.postMessage(message);
  const adapter = channelAdapter(appId, post, reported);
  const inspector = createInspector(adapter, {
    serializationDepthLimit: 12,
    sanitizeContext: (context) => maskPersonalData(context) as Record<string, unknown>,
    sanitizeEvent: (event) => maskPersonalData(event) as { type: string },
  });

  const track = (ref: AnyActorRef) => {
    refs.set(ref.sessionId, ref);
    const gone = () =>
      later(() => {
        refs.delete(ref.sessionId);
        actors.delete(ref.sessionId);
        post({ kind: 'stopped', appId, sessionId: ref.sessionId, at: Date.now() });
      });
    ref.subscribe({ complete: gone, error: gone });
  };

  channel.onmessage = ({ data }: MessageEvent<ChannelMessage>) => {
    if (data.kind === 'sync') {
      answered = true;
      post({ kind: 'state', appId, page: pageOf(location.href), actors: [...actors.values()], events });
    } else if (data.kind === 'send' && data.appId === appId) {
      const ref = refs.get(data.sessionId);
      if (!ref) {
        post({ kind: 'sent', appId, sessionId: data.sessionId, ok: false, reason: 'The actor has stopped.' });
        return;
      }
      ref.send(data.event);
      post({ kind: 'sent', appId, sessionId: data.sessionId, ok: true });
    }
  };
  window.addEventListener('pagehide', () => post({ kind: 'bye', appId }));
  post({ kind: 'hello', appId, page: pageOf(location.href), at: Date.now() });
  window.setTimeout(() => {
    if (!answered) openInspector();
  }, ANSWER_WAIT_MS);
  console.info(`Flow inspector: ${new URL(INSPECTOR_PATH, location.href).href}`);

  return {
    next(event: InspectionEvent) {
      if (event.type === '@xstate.actor') track(event.actorRef as AnyActorRef);
      inspector.inspect.next?.(event);
    },
  };
}

/**
 * Opens the inspector in its own window. A browser may refuse a window nobody clicked for: then a small
 * link at the page's corner opens it on a click.
 */
function openInspector() {
  const opened = window.open(INSPECTOR_PATH, 'storefront-flow-inspector');
  if (opened) return;
  const link = document.createElement('a');
  link.href = INSPECTOR_PATH;
  link.target = 'storefront-flow-inspector';
  link.textContent = 'Open the flow inspector';
  link.dataset.flowInspectorLink = '';
  // Set through the CSSOM: the app's Content-Security-Policy allows no inline style attribute.
  Object.assign(link.style, {
    position: 'fixed',
    left: '8px',
    bottom: '8px',
    zIndex: '2147483647',
    padding: '8px 12px',
    font: '13px/1.2 system-ui, sans-serif',
    color: '#fff',
    background: '#333',
    borderRadius: '6px',
    textDecoration: 'none',
  });
  link.addEventListener('click', () => link.remove());
  document.body.append(link);
}
