/**
 * Opens a Server-Sent Events stream (the web client's `/web/api/events`, the inspector's) with a
 * bearer token and reads it in the background: `text()` is what arrived so far, `response` its
 * headers, `close()` ends it.
 */
export async function openEventStream(url: string, token: string) {
  const stop = new AbortController();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: stop.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let received = '';
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      received += value;
    }
  })();
  return {
    response,
    text: () => received,
    close: async () => {
      stop.abort();
      await pump;
    },
  };
}
