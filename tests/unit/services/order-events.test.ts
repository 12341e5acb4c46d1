import { describe, expect, it } from 'vitest';
import {
  openOrderStream,
  readOrderChange,
  streamUrl,
  type EventSourceLike,
  type OrderStreamHandlers,
} from '../../../src/services/order-events';
import { settle } from '../../model/support';

class FakeSource implements EventSourceLike {
  readyState = 0;
  closed = false;
  listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  fire(type: string, data = '', lastEventId = '') {
    for (const l of this.listeners.get(type) ?? []) l({ data, lastEventId } as MessageEvent<string>);
  }
}

function harness(tickets: (() => Promise<string>)[]) {
  const sources: FakeSource[] = [];
  const heard: string[] = [];
  const handlers: OrderStreamHandlers = {
    open: () => heard.push('open'),
    change: (c) => heard.push(`change ${c.orderNo} ${c.status}`),
    lost: () => heard.push('lost'),
    failed: () => heard.push('failed'),
  };
  let n = 0;
  const stop = openOrderStream(handlers, {
    ticket: () => tickets[Math.min(n++, tickets.length - 1)]!(),
    connect: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
  });
  return { sources, heard, stop };
}

const CHANGE = JSON.stringify({ orderId: 3, orderNo: 'N3', status: 'confirmed', at: '2026-11-19T10:00:00Z' });

describe('the live order stream', () => {
  it('connects with the ticket and passes on well-formed changes only', async () => {
    const { sources, heard } = harness([async () => 'a b']);
    await settle();
    expect(sources[0]!.url).toBe(streamUrl('a b'));
    expect(sources[0]!.url).toBe('/new/consumer/order/events?ticket=a%20b');
    sources[0]!.fire('open');
    sources[0]!.fire('order', CHANGE);
    sources[0]!.fire('order', '{"orderId":3,"status":"eaten"}');
    sources[0]!.fire('order', 'not json');
    expect(heard).toEqual(['open', 'change N3 confirmed']);
  });

  it('lets the browser reconnect by itself, then tries one fresh ticket when it gives up', async () => {
    const { sources, heard } = harness([async () => 't1', async () => 't2']);
    await settle();
    sources[0]!.fire('open');
    sources[0]!.fire('order', CHANGE, '41');
    sources[0]!.readyState = 0;
    sources[0]!.fire('error');
    expect(sources).toHaveLength(1);
    sources[0]!.readyState = 2;
    sources[0]!.fire('error');
    await settle();
    expect(sources).toHaveLength(2);
    expect(sources[0]!.closed).toBe(true);
    // The fresh connection starts after the last change seen.
    expect(sources[1]!.url).toBe('/new/consumer/order/events?ticket=t2&lastEventId=41');
    // The fresh connection is refused too: the caller hears that the stream failed.
    sources[1]!.readyState = 2;
    sources[1]!.fire('error');
    await settle();
    expect(sources).toHaveLength(2);
    expect(heard).toEqual(['open', 'change N3 confirmed', 'lost', 'lost', 'failed']);
  });

  it('says the stream failed when no ticket can be had', async () => {
    const { sources, heard } = harness([() => Promise.reject(new Error('401'))]);
    await settle();
    expect(sources).toHaveLength(0);
    expect(heard).toEqual(['failed']);
  });

  it('stops for good when closed, even with a ticket still on its way', async () => {
    let give: (t: string) => void = () => undefined;
    const { sources, heard, stop } = harness([() => new Promise<string>((r) => (give = r))]);
    stop();
    give('late');
    await settle();
    expect(sources).toHaveLength(0);
    expect(heard).toEqual([]);
  });

  it('reads a change event by hand', () => {
    expect(readOrderChange(CHANGE)).toEqual({
      orderId: 3,
      orderNo: 'N3',
      status: 'confirmed',
      at: '2026-11-19T10:00:00Z',
    });
    expect(readOrderChange('{"orderId":"3","orderNo":"N3","status":"confirmed","at":"x"}')).toBeNull();
  });
});
