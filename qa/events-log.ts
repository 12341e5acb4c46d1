// What a failed replay keeps besides its trace: the app's actor events as the flow inspector receives them,
// the API calls and the console. `?inspect` makes the app report every actor, snapshot and event on the
// inspector's BroadcastChannel (src/inspector/connect.ts); an init script listens there as the inspector
// page would, and answers the app's hello so that no inspector window opens during a replay.
import type { BrowserContext, Page } from '@playwright/test';
import { INSPECT_CHANNEL } from '../src/inspector/protocol';

interface InspectorWindow {
  __qaInspectorEvents?: unknown[];
}

/** Runs in the page before its own scripts. */
function captureInspectorEvents(channelName: string) {
  if (!location.protocol.startsWith('http')) return;
  const key = 'qa-inspector-events';
  const target = window as unknown as InspectorWindow;
  // A full page load (the gateway's round trip) starts a new document: earlier events stay in the session.
  target.__qaInspectorEvents = JSON.parse(sessionStorage.getItem(key) ?? '[]') as unknown[];
  // In the hash's query: the entry page reads a link's parameters from the search when it has one.
  const [route = '/', query] = location.hash.replace(/^#/, '').split('?');
  const params = new URLSearchParams(query ?? '');
  if (!params.has('inspect')) {
    params.set('inspect', '');
    history.replaceState(history.state, '', `#${route || '/'}?${params.toString()}`);
  }
  const channel = new BroadcastChannel(channelName);
  const kept = target.__qaInspectorEvents;
  channel.onmessage = ({ data }: MessageEvent<{ kind?: string }>) => {
    if (data.kind === 'hello') channel.postMessage({ kind: 'sync' });
    if (data.kind === 'sync' || data.kind === 'send') return;
    kept.push(data);
    // The latest moments explain a failure; a long replay keeps its last messages only.
    if (kept.length > 3000) kept.shift();
  };
  window.addEventListener('pagehide', () => {
    try {
      sessionStorage.setItem(key, JSON.stringify(kept));
    } catch {
      // Too large for the session: the next document starts its own list.
    }
  });
}

export interface EventLog {
  requests: { at: string; method: string; url: string; status: number | null }[];
  console: { at: string; type: string; text: string }[];
}

/** Starts recording for a context; read the result with `readEventLog` before the context closes. */
export async function recordEvents(context: BrowserContext): Promise<EventLog> {
  const log: EventLog = { requests: [], console: [] };
  await context.addInitScript(captureInspectorEvents, INSPECT_CHANNEL);
  const watch = (page: Page) => {
    page.on('requestfinished', async (request) => {
      if (!request.url().includes('/new/consumer/')) return;
      const response = await request.response().catch(() => null);
      log.requests.push({
        at: new Date().toISOString(),
        method: request.method(),
        url: request.url(),
        status: response?.status() ?? null,
      });
    });
    page.on('requestfailed', (request) =>
      log.requests.push({
        at: new Date().toISOString(),
        method: request.method(),
        url: request.url(),
        status: null,
      }),
    );
    page.on('console', (message) =>
      log.console.push({ at: new Date().toISOString(), type: message.type(), text: message.text() }),
    );
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  return log;
}

/** The inspector's events of the page (all documents of the tab), with the calls and the console. */
export async function readEventLog(page: Page, log: EventLog) {
  const inspector = await page
    .evaluate(() => (window as unknown as InspectorWindow).__qaInspectorEvents ?? [])
    .catch(() => []);
  return { inspector, ...log };
}
