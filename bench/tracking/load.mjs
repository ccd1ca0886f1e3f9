// The load of bench:tracking, in a worker thread (apart from the server's event loop): `amount`
// GETs over `connections` kept-alive connections, each to the next of `paths` in turn.
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const { base, paths, amount, connections } = workerData;
let next = 0;
const options = {
  url: base,
  connections,
  amount,
  timeout: 10,
  requests: [
    {
      method: 'GET',
      setupRequest: (request) => {
        request.path = paths[next++ % paths.length];
        return request;
      },
    },
  ],
};
// autocannon's own duration ends at its next one-second sample after the last answer (up to a second
// of nothing in a run of ten): the run here is from the start to the last answer
const started = performance.now();
let lastAnswer = started;
const raw = await new Promise((resolve, reject) => {
  const run = autocannon(options, (error, r) => (error ? reject(error) : resolve(r)));
  run.on('response', () => {
    lastAnswer = performance.now();
  });
});
// in a worker thread autocannon answers its raw counters: aggregate them as on the main thread
const result = autocannon.aggregateResult([raw], options);
const durationS = (lastAnswer - started) / 1000;
parentPort.postMessage({
  requests: result.requests.total,
  rps: result.requests.total / durationS,
  durationS,
  p50: result.latency.p50,
  p99: result.latency.p99,
  max: result.latency.max,
  ok2xx: result['2xx'],
  ok3xx: result['3xx'],
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
});
