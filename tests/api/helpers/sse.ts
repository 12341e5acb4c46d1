// Reads a server-sent event stream (the live order status) from a fetch response, as a browser's
// EventSource would parse it: `id`, `event` and `data` fields per block, comment lines counted.
export interface SseEvent {
  id: string | null;
  event: string | null;
  data: string;
}

/** Reads server-sent events from a fetch response. */
export class SseReader {
  private buffer = '';
  private readonly decoder = new TextDecoder();
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly events: SseEvent[] = [];
  comments = 0;
  ended = false;
  /** A read that outlived a wait: the next wait takes its chunk instead of losing it. */
  private pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;

  constructor(response: Response) {
    this.reader = response.body!.getReader();
  }

  private parse(block: string) {
    const event: SseEvent = { id: null, event: null, data: '' };
    let isEvent = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        this.comments += 1;
        continue;
      }
      const [field, value] = [line.slice(0, line.indexOf(': ')), line.slice(line.indexOf(': ') + 2)];
      if (field === 'id') event.id = value;
      else if (field === 'event') event.event = value;
      else if (field === 'data') event.data += value;
      else continue;
      isEvent = true;
    }
    if (isEvent) this.events.push(event);
  }

  /** The next chunk, or null when `ms` pass first. */
  private async read(ms: number): Promise<ReadableStreamReadResult<Uint8Array> | null> {
    this.pending ??= this.reader.read();
    let timer: NodeJS.Timeout | undefined;
    const chunk = await Promise.race([
      this.pending,
      new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms))),
    ]);
    clearTimeout(timer);
    if (chunk !== null) this.pending = null;
    return chunk;
  }

  /** Reads until `until` holds for the events seen, or the time runs out (then throws). */
  async waitFor(until: (events: SseEvent[]) => boolean, timeoutMs = 4000): Promise<SseEvent[]> {
    const deadline = Date.now() + timeoutMs;
    while (!until(this.events)) {
      const left = deadline - Date.now();
      if (left <= 0 || this.ended) throw new Error(`no such event; saw ${JSON.stringify(this.events)}`);
      const chunk = await this.read(left);
      if (chunk === null) continue;
      if (chunk.done) {
        this.ended = true;
        continue;
      }
      this.buffer += this.decoder.decode(chunk.value, { stream: true });
      let cut: number;
      while ((cut = this.buffer.indexOf('\n\n')) >= 0) {
        this.parse(this.buffer.slice(0, cut));
        this.buffer = this.buffer.slice(cut + 2);
      }
    }
    return this.events;
  }

  /** Resolves true when the server ends the stream within the time. */
  async endsWithin(ms: number): Promise<boolean> {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      const chunk = await this.read(deadline - Date.now());
      if (chunk?.done) return true;
    }
    return false;
  }
}
