// The benchmark's HTTP client, in its own thread: a real client (a browser) does not share the
// server's event loop, so its request building and JSON parsing must not be timed as server work.
// Each message is one POST; the answer carries the time it took and the total it returned.
import { parentPort } from 'node:worker_threads';

parentPort.on('message', async ({ url, headers, body }) => {
  try {
    const started = performance.now();
    const res = await fetch(url, { method: 'POST', headers, body });
    const json = await res.json();
    const ms = performance.now() - started;
    if (!res.ok) parentPort.postMessage({ error: `${res.status} ${JSON.stringify(json)}` });
    else parentPort.postMessage({ ms, total: json.data.total });
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
});
