// The flow inspector page (/inspect/): every live actor of every app page opened with `?inspect` on this
// origin, its statechart with the active states, its context, the event log and a form that sends an event
// to it. A developer tool, in English only (docs/decisions.md Q10).
import './inspector.css';
import { StrictMode, useEffect, useMemo, useReducer, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { INSPECT_CHANNEL, type ChannelMessage, type InspectorMessage } from '../protocol';
import { activeStateIds } from '../statechart';
import { StatechartDiagram } from './diagram';
import { actorTree, emptyState, reduce, type ActorView, type InspectorState, type LogEntry } from './store';
import type { StateValue } from 'xstate';

const channel = new BroadcastChannel(INSPECT_CHANNEL);
const say = (message: InspectorMessage) => channel.postMessage(message);

const time = (at: number) => {
  const d = new Date(at);
  const pad = (n: number, size = 2) => String(n).padStart(size, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
};

function useInspectorState(): InspectorState {
  const [state, dispatch] = useReducer(reduce, emptyState);
  useEffect(() => {
    const listen = ({ data }: MessageEvent<ChannelMessage>) => {
      if (data.kind === 'sync' || data.kind === 'send') return;
      // A page that starts after this one says hello; asking it for its state brings its first actors.
      if (data.kind === 'hello') say({ kind: 'sync' });
      dispatch(data);
    };
    channel.addEventListener('message', listen);
    say({ kind: 'sync' });
    return () => channel.removeEventListener('message', listen);
  }, []);
  return state;
}

function ActorTree(props: { state: InspectorState; selected?: string; onSelect: (key: string) => void }) {
  const { state, selected, onSelect } = props;
  const apps = state.apps.filter((app) => !app.gone);
  if (apps.length === 0)
    return <p className="hint">No app page is connected. Open the app with ?inspect in this browser.</p>;
  return (
    <>
      {apps.map((app) => (
        <section key={app.appId} aria-label={`App page ${app.page}`}>
          <h3 className="page-name">{app.page || '/'}</h3>
          <ul className="tree">
            {actorTree(state, app.appId).map(({ actor, depth }) => (
              <li key={actor.key} style={{ paddingInlineStart: `${depth * 14}px` }}>
                <button
                  type="button"
                  aria-current={actor.key === selected ? 'true' : undefined}
                  onClick={() => onSelect(actor.key)}
                >
                  <span className="actor-name">{actor.name}</span>
                  <span className="actor-state">{stateText(actor)}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

function stateText(actor: ActorView): string {
  if (!actor.chart) return actor.snapshot.status;
  return activeStateIds(actor.chart, actor.snapshot.value as StateValue)
    .slice(1)
    .filter((id, _n, all) => !all.some((other) => other !== id && other.startsWith(`${id}.`)))
    .map((id) => id.slice(actor.chart!.root.id.length + 1))
    .join(', ');
}

function EventLog({ log, state, only }: { log: LogEntry[]; state: InspectorState; only?: string }) {
  const shown = (only ? log.filter((e) => e.key === only) : log).slice(-200).reverse();
  return (
    <table className="log">
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Actor</th>
          <th scope="col">Event</th>
          <th scope="col">Payload</th>
        </tr>
      </thead>
      <tbody>
        {shown.map((entry) => {
          const { type, ...payload } = entry.event;
          return (
            <tr key={`${entry.appId}-${entry.seq}`}>
              <td>{time(entry.at)}</td>
              <td>{state.actors[entry.key]?.name ?? entry.sessionId}</td>
              <td className="event-type">{type}</td>
              <td>
                <code>{Object.keys(payload).length > 0 ? JSON.stringify(payload) : ''}</code>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function SendForm({ actor, result }: { actor: ActorView; result?: InspectorState['lastSend'] }) {
  const [type, setType] = useState('');
  const [payload, setPayload] = useState('{}');
  const [problem, setProblem] = useState<string>();
  const events = useMemo(() => {
    const all = new Set<string>();
    const walk = (state: NonNullable<ActorView['chart']>['root']) => {
      for (const t of state.transitions)
        if (!t.event.startsWith('xstate.') && t.event !== 'always') all.add(t.event);
      state.children.forEach(walk);
    };
    if (actor.chart) walk(actor.chart.root);
    return [...all].sort();
  }, [actor.chart]);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    let fields: unknown;
    try {
      fields = JSON.parse(payload || '{}');
    } catch {
      setProblem('The payload is not JSON.');
      return;
    }
    if (!fields || typeof fields !== 'object' || Array.isArray(fields)) {
      setProblem('The payload must be a JSON object.');
      return;
    }
    setProblem(undefined);
    say({
      kind: 'send',
      appId: actor.appId,
      sessionId: actor.sessionId,
      event: { ...fields, type: type.trim() },
    });
  };
  return (
    <form className="send" onSubmit={submit} aria-label={`Send an event to ${actor.name}`}>
      <label>
        Event type
        <input value={type} onChange={(e) => setType(e.target.value)} list="known-events" required />
      </label>
      <datalist id="known-events">
        {events.map((e) => (
          <option key={e} value={e} />
        ))}
      </datalist>
      <label>
        Payload (JSON object)
        <textarea value={payload} onChange={(e) => setPayload(e.target.value)} rows={3} spellCheck={false} />
      </label>
      <button type="submit">Send to {actor.name}</button>
      <p role="status" className={problem || result?.ok === false ? 'problem' : 'ok'}>
        {problem ?? result?.text ?? ''}
      </p>
    </form>
  );
}

function Inspector() {
  const state = useInspectorState();
  const [selected, setSelected] = useState<string>();
  const [onlySelected, setOnlySelected] = useState(false);
  const actor = selected ? state.actors[selected] : undefined;
  // Until one is chosen, the first machine of the newest page is shown.
  const shown =
    actor ??
    Object.values(state.actors)
      .filter((a) => a.chart)
      .sort((a, b) => a.startedAt - b.startedAt)[0];
  const active = shown?.chart ? activeStateIds(shown.chart, shown.snapshot.value as StateValue) : [];
  return (
    <div className="layout">
      <header>
        <h1>Flow inspector</h1>
        <p className="hint">
          Phone numbers, passwords, tokens and codes are masked by the app before they get here.
        </p>
      </header>
      <nav aria-label="Actors" className="actors">
        <h2>Actors</h2>
        <ActorTree state={state} selected={shown?.key} onSelect={setSelected} />
      </nav>
      <main className="detail">
        {shown ? (
          <>
            <h2>
              {shown.name} <span className="status">{shown.snapshot.status}</span>
            </h2>
            {shown.chart ? (
              <StatechartDiagram chart={shown.chart} active={active} />
            ) : (
              <p className="hint">Not a state machine: no diagram.</p>
            )}
            <section aria-label="Context" className="context">
              <h3>Context</h3>
              <pre>{JSON.stringify(shown.snapshot.context, null, 2)}</pre>
            </section>
            <SendForm key={shown.key} actor={shown} result={state.lastSend} />
          </>
        ) : (
          <p className="hint">Waiting for the app&apos;s actors.</p>
        )}
      </main>
      <section aria-label="Event log" className="events">
        <h2>Events</h2>
        <label className="filter">
          <input type="checkbox" checked={onlySelected} onChange={(e) => setOnlySelected(e.target.checked)} />{' '}
          Only the shown actor
        </label>
        <EventLog log={state.log} state={state} only={onlySelected ? shown?.key : undefined} />
      </section>
    </div>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from inspect/index.html');
createRoot(root).render(
  <StrictMode>
    <Inspector />
  </StrictMode>,
);
