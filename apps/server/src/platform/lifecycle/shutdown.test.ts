import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { MESSAGES } from '@mandato/domain';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { restartableDatabase } from '../../test/restartable-database.ts';
import { enqueueShotLanes, shotRecipientsOf, shotStateOf } from '../../test/shot-dispatch-kit.ts';
import { buildFrozenShot, buildSendingDomain } from '../../test/shot-factories.ts';
import { buildTenant, buildUser, TEST_PASSWORD } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { clientHash } from '../auth/password.ts';
import { loadConfig } from '../config/config.ts';
import { DUPLICATE_SIGNAL_MS } from './shutdown.ts';

/**
 * Issue 41 item 4: the real server (main.ts, in a process of its own) stopped with SIGTERM while a
 * request and a shot's sends are in flight. The request's body is still coming when the signal
 * arrives; the SMTP server holds the messages it is given from some point on, so sends are in flight.
 */

const MAIN = path.resolve(import.meta.dirname, '../../main.ts');
const RECIPIENTS = 40;
/** messages the SMTP server accepts before it starts holding them */
const ACCEPTED_FIRST = 5;

/** A real SMTP server that, once `hold()` was called, keeps each message's answer until `release()`. */
async function startHoldingSmtp() {
  const accepted: Array<{ to: string[]; raw: string }> = [];
  const held: Array<() => void> = [];
  let holding = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const accept = () => {
          accepted.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        };
        if (holding) held.push(accept);
        else accept();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    held,
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      for (const accept of held.splice(0)) accept();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The server as `npm start` runs it, from its sources (main.ts with tsx), on the test's database. */
function startServer(env: Record<string, string | undefined>) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, output: () => output };
}

async function status(url: string): Promise<number | undefined> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return undefined; // not listening (yet, or any more)
  }
}

/** Waits until the server answers HTTP (however long a loaded machine takes); fails if it exits. */
async function untilListening(server: ReturnType<typeof startServer>, base: string) {
  let gone = false;
  void server.exited.then(() => {
    gone = true;
  });
  await expect
    .poll(
      async () => {
        if (gone) throw new Error(`o servidor saiu antes de responder:\n${server.output().slice(-3000)}`);
        return (await status(`${base}/healthz`)) !== undefined;
      },
      { timeout: 300_000, interval: 200 },
    )
    .toBe(true);
}

/**
 * POST /api/auth/login whose body is sent only when `sendBody()` is called: the headers go first,
 * with `Expect: 100-continue`, and `admitted` resolves once the server answered 100 (its 'request'
 * event has fired: the request is in its hands). `answer` resolves with the status line's code.
 */
function slowLogin(port: number, slug: string, email: string) {
  const body = JSON.stringify({ email, password: clientHash(TEST_PASSWORD) });
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  let onContinue = () => {};
  const admitted = new Promise<void>((resolve) => {
    onContinue = resolve;
  });
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    socket.on('data', (c: Buffer) => {
      received += c.toString();
      if (received.startsWith('HTTP/1.1 100')) onContinue();
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const final = received.replace(/^HTTP\/1\.1 100[^\r]*\r\n\r\n/, '');
      const code = /^HTTP\/1\.1 (\d{3})/.exec(final)?.[1];
      if (code) resolve({ status: Number(code), text: final });
      else reject(new Error(`sem resposta: ${JSON.stringify(received)}`));
    });
  });
  socket.write(
    `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
      `x-schema: ${slug}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n` +
      'Connection: close\r\n\r\n',
  );
  return { admitted, answer, sendBody: () => socket.write(body), destroy: () => socket.destroy() };
}

describe(`SIGTERM stops the server cleanly (${testEngine})`, () => {
  const cleanups: Array<() => Promise<void>> = [];
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const c of cleanups.reverse()) await c();
  });

  it('a request and sends in flight end, the leases go back, /readyz says 503, exit 0; the restart sends the rest once', {
    timeout: 900_000,
  }, async () => {
    const smtp = await startHoldingSmtp();
    cleanups.push(() => smtp.close());
    const { open, env: dbEnv, cleanup } = await restartableDatabase('mandato-shutdown');
    cleanups.push(cleanup);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandato-shutdown-files-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));

    let db = await open();
    const app = { db, config: loadConfig({ NODE_ENV: 'test' }) };
    const tenant = await buildTenant({ db });
    const user = await buildUser({ db }, tenant);
    const domain = await buildSendingDomain(app, tenant.id);
    const addresses = Array.from({ length: RECIPIENTS }, (_, i) => `s${i}@d${i % 3}.example`);
    const { shotId, recipients } = await buildFrozenShot(app, tenant.id, {
      senderId: domain.senderId,
      addresses,
    });
    await enqueueShotLanes(db, tenant.id, shotId);
    await db.close();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const { MARKETING_KEY: _key, ...inherited } = process.env;
    const env = {
      ...inherited,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...(dbEnv.CHILD_DATA_DIR
        ? { DATA_DIR: dbEnv.CHILD_DATA_DIR }
        : {
            DATA_DIR: dataDir,
            DATABASE_URL: dbEnv.CHILD_PG_URL,
            DATABASE_MIGRATION_URL: dbEnv.CHILD_PG_OWNER_URL,
          }),
      FILES_DIR: path.join(dataDir, 'files'),
      DONATION_PROVIDER_URL: 'http://127.0.0.1:9', // no embedded sandbox
      BACKUP_INTERVAL_MINUTES: '0',
      MARKETING_SMTP_URL: smtp.url,
      SHOT_RATE_PER_TENANT: '0',
      SHOT_RATE_PER_DOMAIN: '0',
      JOB_POLL_MS: '50',
    };

    // the server sends a few messages, then its sends stay in flight (the SMTP server holds them)
    const first = startServer(env);
    children.push(first.child);
    await untilListening(first, base);
    await expect
      .poll(() => smtp.accepted.length, { timeout: 300_000 })
      .toBeGreaterThanOrEqual(ACCEPTED_FIRST);
    smtp.hold();
    await expect.poll(() => smtp.held.length, { timeout: 300_000 }).toBeGreaterThanOrEqual(1);

    const login = slowLogin(port, tenant.slug, user.email);
    await login.admitted;
    expect(await status(`${base}/readyz`)).toBe(200);
    first.child.kill('SIGTERM');

    // stopping: the probe says so, a new request is turned away, the one in hand is still served
    await expect.poll(() => status(`${base}/readyz`), { timeout: 60_000, interval: 50 }).toBe(503);
    const turnedAway = await fetch(`${base}/api/auth/session`);
    expect(turnedAway.status).toBe(503);
    expect(await turnedAway.json()).toMatchObject({ message: MESSAGES.shuttingDown });
    expect(first.child.exitCode).toBe(null);
    login.sendBody();
    const answer = await login.answer;
    expect(answer.status, answer.text).toBe(200);

    // the sends in flight end: their outcomes are recorded before the process goes
    const inFlightAtStop = smtp.held.length;
    smtp.release();
    const end = await first.exited;
    expect(end, first.output().slice(-3000)).toEqual({ code: 0, signal: null });
    const sentBeforeStop = smtp.accepted.length;
    expect(sentBeforeStop).toBeGreaterThanOrEqual(ACCEPTED_FIRST + inFlightAtStop);

    db = await open();
    const rows = await shotRecipientsOf(db, tenant.id, shotId);
    expect(rows.filter((r) => r.status === 'SENT')).toHaveLength(sentBeforeStop);
    const pending = rows.filter((r) => r.status === 'PENDING');
    expect(pending.length).toBe(RECIPIENTS - sentBeforeStop);
    expect(pending.length).toBeGreaterThan(0);
    // handed back: nothing waits for a lease or a lock to expire, no attempt counted
    expect(pending.filter((r) => r.lease_until !== null)).toEqual([]);
    expect(pending.filter((r) => r.attempts !== 0)).toEqual([]);
    const jobs = await db.kysely
      .selectFrom('jobs')
      .select(['state', 'locked_until'])
      .where('queue', '=', 'shots.dispatch')
      .where('state', 'in', ['pending', 'active'])
      .execute();
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.every((j) => j.state === 'pending' && j.locked_until === null)).toBe(true);
    expect((await shotStateOf(db, tenant.id, shotId)).status).toBe('SENDING');
    await db.close();

    // the next process sends the rest: every recipient one message, none twice
    const second = startServer(env);
    children.push(second.child);
    await untilListening(second, base);
    await expect.poll(() => smtp.accepted.length, { timeout: 300_000 }).toBe(RECIPIENTS);
    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
    db = await open();
    expect((await shotStateOf(db, tenant.id, shotId)).status).toBe('SENT');
    expect((await shotRecipientsOf(db, tenant.id, shotId)).filter((r) => r.status !== 'SENT')).toEqual([]);
    await db.close();
    const byAddress = new Map<string, number>();
    for (const mail of smtp.accepted)
      for (const to of mail.to) byAddress.set(to, (byAddress.get(to) ?? 0) + 1);
    expect(recipients.filter((r) => byAddress.get(r.address) !== 1)).toEqual([]);

    // a second signal during the stop does not wait: the request in hand never ends here
    const third = startServer(env);
    children.push(third.child);
    await untilListening(third, base);
    const stuck = slowLogin(port, tenant.slug, user.email);
    void stuck.answer.catch(() => {}); // its connection goes with the process, unanswered
    await stuck.admitted;
    third.child.kill('SIGTERM');
    await expect.poll(() => status(`${base}/readyz`), { timeout: 60_000, interval: 50 }).toBe(503);
    await sleep(DUPLICATE_SIGNAL_MS + 100); // past the window where it is the same signal twice
    third.child.kill('SIGTERM');
    expect(await third.exited).toEqual({ code: 128 + os.constants.signals.SIGTERM, signal: null });
    stuck.destroy();
  });
});
