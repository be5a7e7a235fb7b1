/**
 * Follows a Server-Sent Events stream of the server, read with fetch so that the credentials go in
 * the Authorization header, not the URL. Reconnects after a drop with a growing pause, and calls
 * `onResync` then (events may have been missed). Stops for good on a 401. Answers a stop function.
 */
export function followStream(
  url: string,
  token: () => string | null,
  onEvent: (name: string, data: unknown) => void,
  onResync: () => void,
): () => void {
  const stop = new AbortController();
  const run = async () => {
    let pause = 500;
    while (!stop.signal.aborted) {
      try {
        const response = await fetch(url, {
          headers: { authorization: `Bearer ${token() ?? ''}` },
          signal: stop.signal,
        });
        if (response.status === 401) return;
        if (!response.ok || !response.body) throw new Error(`${url}: HTTP ${response.status}`);
        pause = 500;
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let name = 'message';
            let data = '';
            for (const line of block.split('\n')) {
              if (line.startsWith('event: ')) name = line.slice(7);
              else if (line.startsWith('data: ')) data += line.slice(6);
            }
            if (data) onEvent(name, JSON.parse(data));
          }
        }
      } catch {
        if (stop.signal.aborted) return;
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, 10_000);
      onResync();
    }
  };
  void run();
  return () => stop.abort();
}
