// What the inspector page knows, built from the app pages' messages alone (pure, so a reload of either
// side loses nothing that a `sync` cannot bring back).
import type { AppMessage, WireActor, WireEvent } from '../protocol';

export interface AppPage {
  appId: string;
  page: string;
  gone: boolean;
}

export interface ActorView extends WireActor {
  appId: string;
  key: string;
}

export interface LogEntry extends WireEvent {
  appId: string;
  key: string;
}

export interface InspectorState {
  apps: AppPage[];
  actors: Record<string, ActorView>;
  /** Oldest first, at most LOG_LIMIT. */
  log: LogEntry[];
  lastSend?: { ok: boolean; text: string };
}

const LOG_LIMIT = 1000;

export const emptyState: InspectorState = { apps: [], actors: {}, log: [] };

export const actorKey = (appId: string, sessionId: string) => `${appId}/${sessionId}`;

function withApp(state: InspectorState, appId: string, page?: string): AppPage[] {
  const known = state.apps.find((a) => a.appId === appId);
  if (known && !known.gone && (page === undefined || known.page === page)) return state.apps;
  const app = { appId, page: page ?? known?.page ?? '', gone: false };
  return known ? state.apps.map((a) => (a.appId === appId ? app : a)) : [...state.apps, app];
}

function withEvents(log: LogEntry[], appId: string, events: WireEvent[]): LogEntry[] {
  const seen = new Set(log.filter((e) => e.appId === appId).map((e) => e.seq));
  const added = events
    .filter((e) => !seen.has(e.seq))
    .map((e) => ({ ...e, appId, key: actorKey(appId, e.sessionId) }));
  if (added.length === 0) return log;
  const merged = [...log, ...added].sort((a, b) => a.at - b.at || a.seq - b.seq);
  return merged.slice(-LOG_LIMIT);
}

export function reduce(state: InspectorState, message: AppMessage): InspectorState {
  switch (message.kind) {
    case 'hello':
      return { ...state, apps: withApp(state, message.appId, message.page) };
    case 'state': {
      const actors = { ...state.actors };
      for (const actor of message.actors) {
        const key = actorKey(message.appId, actor.sessionId);
        actors[key] = { ...actor, appId: message.appId, key };
      }
      return {
        ...state,
        apps: withApp(state, message.appId, message.page),
        actors,
        log: withEvents(state.log, message.appId, message.events),
      };
    }
    case 'actor': {
      const key = actorKey(message.appId, message.actor.sessionId);
      const actors = { ...state.actors, [key]: { ...message.actor, appId: message.appId, key } };
      return { ...state, apps: withApp(state, message.appId), actors };
    }
    case 'snapshot': {
      const key = actorKey(message.appId, message.sessionId);
      const actor = state.actors[key];
      if (!actor) return state;
      return { ...state, actors: { ...state.actors, [key]: { ...actor, snapshot: message.snapshot } } };
    }
    case 'event':
      return { ...state, log: withEvents(state.log, message.appId, [message.event]) };
    case 'stopped': {
      const key = actorKey(message.appId, message.sessionId);
      if (!state.actors[key]) return state;
      const actors = { ...state.actors };
      delete actors[key];
      return { ...state, actors };
    }
    case 'bye': {
      const actors = Object.fromEntries(
        Object.entries(state.actors).filter(([, actor]) => actor.appId !== message.appId),
      );
      const apps = state.apps.map((a) => (a.appId === message.appId ? { ...a, gone: true } : a));
      return { ...state, apps, actors };
    }
    case 'sent':
      return {
        ...state,
        lastSend: message.ok
          ? { ok: true, text: 'Sent.' }
          : { ok: false, text: message.reason ?? 'The app did not take the event.' },
      };
  }
}

/** An app page's actors as a tree: roots first, each followed by its children. */
export function actorTree(state: InspectorState, appId: string): Array<{ actor: ActorView; depth: number }> {
  const ofApp = Object.values(state.actors).filter((a) => a.appId === appId);
  const ids = new Set(ofApp.map((a) => a.sessionId));
  const childrenOf = (parentId: string | undefined) =>
    ofApp
      .filter((a) => (parentId === undefined ? !a.parentId || !ids.has(a.parentId) : a.parentId === parentId))
      .sort((a, b) => a.startedAt - b.startedAt);
  const rows: Array<{ actor: ActorView; depth: number }> = [];
  const walk = (actor: ActorView, depth: number) => {
    rows.push({ actor, depth });
    for (const child of childrenOf(actor.sessionId)) walk(child, depth + 1);
  };
  for (const root of childrenOf(undefined)) walk(root, 0);
  return rows;
}
