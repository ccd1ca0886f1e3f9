/**
 * An HTTP client in a process of its own, for the worst-case bodies test
 * (platform/http/worst-case-bodies.test.ts): the worst request's body (up to 50 MiB) is read and
 * sent from here, so neither its sending nor the reading of its answer runs on the event loop of
 * the server under test, as with a real client. Each IPC message `{ id, url, method, headers, file }`
 * is answered `{ id, status, ms, answer }` (the answer's first characters) or `{ id, error }` when
 * the connection dropped; `ms` runs from the request sent to its answer read.
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';

export interface ClientRequest {
  id: number;
  url: string;
  method: string;
  headers: Record<string, string>;
  /** the body, as written by the test */
  file: string;
}

export type ClientAnswer =
  | { id: number; status: number; ms: number; answer: string }
  | { id: number; error: string };

process.on('message', async (request: ClientRequest) => {
  let reply: ClientAnswer;
  try {
    const bytes = fs.readFileSync(request.file);
    const started = performance.now();
    const res = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length),
    });
    const answer = await res.text();
    reply = {
      id: request.id,
      status: res.status,
      ms: performance.now() - started,
      answer: answer.slice(0, 300),
    };
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    reply = { id: request.id, error: `${String(error)}${cause ? ` (${String(cause)})` : ''}` };
  }
  process.send?.(reply);
});
