// `npm run bench:restart`: how long `npm start` takes to answer on an existing data directory with
// nothing changed since the last start (issue 41 item 5). Starts the product once to warm up (it
// builds what changed and, on a new data directory, seeds the demo), then RUNS times: spawns
// `npm start`, times it until GET /login answers 200, stops it with SIGTERM (its process group) and
// waits for the data directory's lock to go. Prints each run, the start-up line the server prints
// (where its time went, when it prints one) and the median. A figure, not a test: run it with
// `nice -n 19` on a busy machine and say so.
//
//   DATA_DIR   the data directory (default: <tmp>/mandato-restart-bench, kept between runs)
//   RUNS       timed starts (default 5)
//   START_CMD  the command that starts the product, run by the shell (default: npm start)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(os.tmpdir(), 'mandato-restart-bench'));
const runs = Number(process.env.RUNS ?? 5);
const command = process.env.START_CMD ?? 'npm start';
const STARTUP_LIMIT_MS = 15 * 60_000;

/** A port that is free, and the next one too (the embedded donation sandbox listens at PORT+1). */
async function freePorts() {
  const free = (port) =>
    new Promise((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  for (;;) {
    // below Linux's ephemeral range (32768-60999): no outgoing connection takes it meanwhile
    const port = 20000 + Math.floor(Math.random() * 12000);
    if ((await free(port)) && (await free(port + 1))) return port;
  }
}

async function answers(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/** One start: ms until /login answered, the server's start-up line, how the process ended. */
async function startOnce() {
  const port = await freePorts();
  const started = performance.now();
  const child = spawn(command, {
    shell: true,
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group: npm, its shell and the server stop together
  });
  let out = '';
  child.stdout.on('data', (c) => {
    out += c.toString();
  });
  child.stderr.on('data', (c) => {
    out += c.toString();
  });
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  while (!(await answers(`http://127.0.0.1:${port}/login`))) {
    if (gone) throw new Error(`npm start saiu antes de responder:\n${out.slice(-3000)}`);
    if (performance.now() - started > STARTUP_LIMIT_MS) throw new Error('npm start não respondeu');
    await sleep(25);
  }
  const ms = performance.now() - started;
  process.kill(-child.pid, 'SIGTERM');
  const end = await exited;
  // the server's own exit: its lock on the data directory goes when it has closed the database
  const lock = path.join(dataDir, 'mandato.lock');
  for (let i = 0; fs.existsSync(lock) && i < 600; i++) await sleep(50);
  const startupLine = out
    .split('\n')
    .find((line) => /^Pronto em/.test(line))
    ?.trim();
  // someone edited a source meanwhile: this start built, and says so
  const built = /servidor compilado|built in/.test(out);
  return { ms, startupLine, end, built };
}

console.log(`${command} em ${dataDir} (${runs} partidas medidas, depois de uma de aquecimento)`);
const warm = await startOnce();
console.log(`aquecimento: ${(warm.ms / 1000).toFixed(2)} s`);
const times = [];
for (let i = 0; i < runs; i++) {
  const { ms, startupLine, end, built } = await startOnce();
  if (!built) times.push(ms);
  console.log(
    `partida ${i + 1}: ${(ms / 1000).toFixed(2)} s até GET /login 200${built ? ' (compilou: fontes mudaram, fora da mediana)' : ''}` +
      ` (npm saiu com ${end.signal ?? end.code})${startupLine ? `\n  ${startupLine}` : ''}`,
  );
}
if (times.length === 0) throw new Error('toda partida compilou: nenhuma medida sem mudanças');
const sorted = [...times].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)];
console.log(
  `mediana: ${(median / 1000).toFixed(2)} s de ${times.length} partidas sem build (mín ${(sorted[0] / 1000).toFixed(2)} s, máx ${(sorted.at(-1) / 1000).toFixed(2)} s)`,
);
