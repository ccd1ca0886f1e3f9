// The benchmark's HTTP client, in its own thread: a real client (a browser) does not share the
// server's event loop, so its request building and JSON parsing must not be timed as server work.
// undici's request API over one kept-alive connection: fetch() adds ≈ 0.6 ms of its own per call.
// Each message is one POST; the answer carries the time it took and the total it returned.
import { parentPort } from 'node:worker_threads';
import { Pool } from 'undici';

const pools = new Map();

parentPort.on('message', async ({ url, headers, body }) => {
  try {
    const { origin, pathname } = new URL(url);
    if (!pools.has(origin)) pools.set(origin, new Pool(origin, { connections: 1 }));
    const started = performance.now();
    const res = await pools.get(origin).request({ path: pathname, method: 'POST', headers, body });
    const json = await res.body.json();
    const ms = performance.now() - started;
    if (res.statusCode !== 200)
      parentPort.postMessage({ error: `${res.statusCode} ${JSON.stringify(json)}` });
    else parentPort.postMessage({ ms, total: json.data.total });
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
});
