// The cost of the logs' redaction (issue 41 item 6), per log line: the server's logger with and
// without it, writing into a sink, over the lines a request writes; and redactLine alone.
import pino from 'pino';
import { createLogger } from '../../apps/server/src/platform/logging/logger.ts';
import { redactLine } from '../../apps/server/src/platform/logging/redact.ts';

const RUNS = Number(process.env.BENCH_LINES ?? 200_000);
const ROUNDS = 10;
const sink = { write: (_line: string) => {} };

/** A Fastify-like request as the `req` serializer sees it. */
const request = (url: string) => ({
  method: 'GET',
  url,
  host: 'mandato.exemplo.gov.br',
  ip: '203.0.113.7',
  socket: { remotePort: 51234 },
  routeOptions: { url: url.split('?')[0] },
});

const cases: [string, (log: pino.Logger) => void][] = [
  [
    'incoming request, a plain path',
    (log) => log.info({ req: request('/api/people/1234') }, 'incoming request'),
  ],
  [
    'incoming request, e-mail in the query',
    (log) =>
      log.info(
        { req: request('/api/people/quick-search?searchString=joao.silva%40exemplo.com.br') },
        'incoming request',
      ),
  ],
  [
    'incoming request, an unsubscribe token',
    (log) => log.info({ req: request('/api/public/unsubscribe/Q3x9_kZ-2mP7aLr0tWvY1b') }, 'incoming request'),
  ],
  [
    'request completed',
    (log) => log.info({ res: { statusCode: 200 }, responseTime: 12.3456789 }, 'request completed'),
  ],
];
const errorCase: [string, (log: pino.Logger) => void] = [
  'an error with its stack (rare)',
  (log) => log.error({ err: new Error('pessoa joao@exemplo.com não encontrada') }, 'erro não tratado'),
];

/**
 * CPU µs per call (process.cpuUsage: the waits of a loaded machine left out), the best of ROUNDS
 * rounds: what a line costs, not what the neighbours cost.
 */
function perLine(write: () => void, runs: number) {
  const round = Math.max(1, Math.floor(runs / ROUNDS));
  for (let i = 0; i < round; i++) write();
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < ROUNDS; r++) {
    const start = process.cpuUsage();
    for (let i = 0; i < round; i++) write();
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / round);
  }
  return best;
}

const child = (log: pino.Logger) => log.child({ reqId: 'req-1a' });
const plain = child(pino({ level: 'info' }, sink));
const redacting = child(createLogger({ level: 'info' }, sink));

console.log(
  `Logs: CPU µs per line, best of ${ROUNDS} rounds of ${(RUNS / ROUNDS).toLocaleString('pt-BR')} lines (Node ${process.version})\n`,
);
console.log('line                                      | pino   | redacted | cost');
console.log('------------------------------------------|--------|----------|------');
for (const [name, write] of [...cases, errorCase]) {
  const runs = write === errorCase[1] ? RUNS / 10 : RUNS;
  const before = perLine(() => write(plain), runs);
  const after = perLine(() => write(redacting), runs);
  console.log(
    `${name.padEnd(42)}| ${before.toFixed(2).padStart(6)} | ${after.toFixed(2).padStart(8)} | ${(after - before).toFixed(2)}`,
  );
}

const lines: string[] = [];
const capture = child(pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }));
for (const [, write] of cases) write(capture);
const mean = perLine(() => {
  for (const line of lines) redactLine(line);
}, RUNS / lines.length);
console.log(`\nredactLine alone over a request's lines: ${(mean / lines.length).toFixed(2)} µs per line`);
