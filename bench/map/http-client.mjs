// The map benchmark's HTTP client, in its own thread (as a browser runs apart from the server):
// undici over one kept-alive connection. Each message is one POST; the answer carries the time it
// took, the size of the body and the number of pins and people it returned.
import { parentPort } from 'node:worker_threads';
import { Pool } from 'undici';

const pools = new Map();

parentPort.on('message', async ({ url, headers, body }) => {
  try {
    const { origin, pathname } = new URL(url);
    if (!pools.has(origin)) pools.set(origin, new Pool(origin, { connections: 1 }));
    const started = performance.now();
    const res = await pools.get(origin).request({ path: pathname, method: 'POST', headers, body });
    const text = await res.body.text();
    const ms = performance.now() - started;
    const json = JSON.parse(text);
    if (res.statusCode !== 200) parentPort.postMessage({ error: `${res.statusCode} ${text}` });
    else
      parentPort.postMessage({
        ms,
        bytes: Buffer.byteLength(text),
        pins: json.data.list.length,
        total: json.data.total,
      });
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
});
