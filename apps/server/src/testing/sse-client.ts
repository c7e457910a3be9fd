/**
 * A server-sent events client for tests, over real HTTP as a browser's EventSource would be: it
 * reads the stream as it arrives and parses its events (id, event, data). `next` waits for an
 * event that matches; `none` checks that none arrived for a while.
 */

export interface SseEvent {
  id: string | undefined;
  event: string;
  data: unknown;
}

export interface SseStream {
  status: number;
  /** The answer's body when it was not a stream (an error). */
  body: unknown;
  events: SseEvent[];
  /** The next event (after those already taken) that `matches`, within `timeoutMs`. */
  next(matches?: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Every event that arrives within `ms` from now. */
  collect(ms: number): Promise<SseEvent[]>;
  /** Whether the server ended the stream. */
  ended: boolean;
  close(): void;
}

function parse(block: string): SseEvent | undefined {
  let id: string | undefined;
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':') || line === '') continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') id = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length === 0) return undefined;
  const text = data.join('\n');
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: kept as text.
  }
  return { id, event, data: parsed };
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  let taken = 0;
  const waiters = new Set<() => void>();
  const stream: SseStream = {
    status: response.status,
    body: undefined,
    events,
    ended: false,
    async next(matches = () => true, timeoutMs = 3_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        while (taken < events.length) {
          const event = events[taken] as SseEvent;
          taken += 1;
          if (matches(event)) return event;
        }
        if (stream.ended) throw new Error(`The stream ended before the event came; it sent ${JSON.stringify(events)}`);
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(`No matching event within ${timeoutMs} ms; the stream sent ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            waiters.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
    },
    async collect(ms) {
      const from = events.length;
      await new Promise((resolve) => setTimeout(resolve, ms));
      taken = events.length;
      return events.slice(from);
    },
    close() {
      controller.abort();
    },
  };
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    stream.body = await response.json().catch(() => undefined);
    stream.ended = true;
    return stream;
  }
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        buffer += decoder.decode(chunk.value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const event = parse(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (event) events.push(event);
          end = buffer.indexOf('\n\n');
        }
        for (const wake of [...waiters]) wake();
      }
    } catch {
      // Aborted by close().
    } finally {
      stream.ended = true;
      for (const wake of [...waiters]) wake();
    }
  })();
  return stream;
}
