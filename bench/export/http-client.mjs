// The benchmark's HTTP client, in its own process (its memory is not the server's RSS): one POST,
// the body read as it streams and thrown away. Prints JSON: status, time to first byte, total
// time, bytes and lines (CRLF) of the answer.
import { request } from 'undici';

const [url, headers, body] = process.argv.slice(2);
const started = performance.now();
const res = await request(url, { method: 'POST', headers: JSON.parse(headers), body });
let firstByteMs;
let bytes = 0;
let lines = 0;
for await (const chunk of res.body) {
  firstByteMs ??= performance.now() - started;
  bytes += chunk.length;
  for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
}
const totalMs = performance.now() - started;
console.log(JSON.stringify({ status: res.statusCode, firstByteMs, totalMs, bytes, lines }));
