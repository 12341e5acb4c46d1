import { describe, expect, it } from 'vitest';
import type { EventSourceLike } from '../../../src/services/order-events';
import { openTabStream, readTabVersion, tabStreamUrl } from '../../../src/services/table-events';

class FakeSource implements EventSourceLike {
  readyState = 0;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, data = '') {
    for (const l of this.listeners.get(type) ?? []) l({ data } as MessageEvent<string>);
  }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(ticket: () => Promise<string> = async () => 'tk 1') {
  const sources: FakeSource[] = [];
  const versions: number[] = [];
  let failed = 0;
  const stop = openTabStream(
    42,
    { version: (v) => versions.push(v), failed: () => failed++ },
    {
      ticket,
      connect: (url) => {
        const source = new FakeSource(url);
        sources.push(source);
        return source;
      },
    },
  );
  return { sources, versions, stop, failed: () => failed };
}

describe('the tab stream', () => {
  it('reads only a whole version from an event', () => {
    expect(readTabVersion('{"version":7}')).toBe(7);
    expect(readTabVersion('{"version":"7"}')).toBeNull();
    expect(readTabVersion('{"version":1.5}')).toBeNull();
    expect(readTabVersion('not json')).toBeNull();
    expect(readTabVersion('null')).toBeNull();
  });

  it('connects with the ticket and the tab, and passes each version on', async () => {
    const run = start();
    await tick();
    expect(run.sources[0]!.url).toBe(tabStreamUrl('tk 1', 42));
    expect(run.sources[0]!.url).toBe('/new/consumer/table/events?ticket=tk%201&tabId=42');
    run.sources[0]!.emit('tab', '{"version":3}');
    run.sources[0]!.emit('tab', 'garbage');
    run.sources[0]!.emit('tab', '{"version":4}');
    expect(run.versions).toEqual([3, 4]);
  });

  it('says it failed once when the server closes the stream for good, not while the browser retries', async () => {
    const run = start();
    await tick();
    const source = run.sources[0]!;
    source.readyState = 0;
    source.emit('error');
    expect(run.failed()).toBe(0);
    source.readyState = 2;
    source.emit('error');
    source.emit('error');
    expect(run.failed()).toBe(1);
    source.emit('tab', '{"version":9}');
    expect(run.versions).toEqual([]);
  });

  it('fails when no ticket comes, and a stopped stream neither connects nor reports', async () => {
    const noTicket = start(async () => Promise.reject(new Error('offline')));
    await tick();
    expect(noTicket.failed()).toBe(1);
    expect(noTicket.sources).toHaveLength(0);

    const stopped = start();
    stopped.stop();
    await tick();
    expect(stopped.sources).toHaveLength(0);
    expect(stopped.failed()).toBe(0);
  });

  it('closes its connection when stopped', async () => {
    const run = start();
    await tick();
    run.stop();
    expect(run.sources[0]!.closed).toBe(true);
  });
});
