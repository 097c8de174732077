export interface ServerSentEvent {
  id?: string;
  event?: string;
  data?: unknown;
}

/** Reads a `text/event-stream` body as EventSource would, collecting its events as they come. */
export function readServerSentEvents(response: Response) {
  const events: ServerSentEvent[] = [];
  /** `lastEventId` is what EventSource would send on reconnecting: the last id given, with or without an event. */
  const state = { ended: false, text: '', lastEventId: '' };
  void (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        state.text += value;
        let cut;
        while ((cut = state.text.indexOf('\n\n')) >= 0) {
          const block = state.text.slice(0, cut);
          state.text = state.text.slice(cut + 2);
          const event: ServerSentEvent = {};
          for (const line of block.split('\n')) {
            const [field, ...rest] = line.split(': ');
            if (field === 'id') event.id = rest.join(': ');
            if (field === 'event') event.event = rest.join(': ');
            if (field === 'data') event.data = JSON.parse(rest.join(': '));
          }
          if (event.id !== undefined) state.lastEventId = event.id;
          if (event.event) events.push(event);
        }
      }
    } catch {
      // Aborted by the test.
    }
    state.ended = true;
  })();
  return { events, state };
}
