// The reports benchmark's HTTP client, in its own thread (as a browser runs apart from the server):
// undici over one kept-alive connection. Each message is one GET (or POST with a body); the answer
// carries the time it took and the size of the body.
import { parentPort } from 'node:worker_threads';
import { Pool } from 'undici';

const pools = new Map();

parentPort.on('message', async ({ url, method, headers, body }) => {
  try {
    const { origin, pathname, search } = new URL(url);
    if (!pools.has(origin)) pools.set(origin, new Pool(origin, { connections: 1 }));
    const started = performance.now();
    const res = await pools.get(origin).request({ path: pathname + search, method, headers, body });
    const text = await res.body.text();
    const ms = performance.now() - started;
    if (res.statusCode !== 200) parentPort.postMessage({ error: `${res.statusCode} ${text}` });
    else parentPort.postMessage({ ms, bytes: Buffer.byteLength(text), text });
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
});
