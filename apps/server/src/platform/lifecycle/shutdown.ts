import os from 'node:os';
import { MESSAGES } from '@mandato/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { JobWorker } from '../jobs/worker.ts';

/** What the requests and the jobs in hand get to finish after SIGTERM before they are cut. */
export const SHUTDOWN_GRACE_MS = 10_000;
/**
 * A second signal this soon after the first is the same one delivered twice (Ctrl-C reaches the
 * server from the terminal and again from npm, which forwards it): it does not cut the stop short.
 */
export const DUPLICATE_SIGNAL_MS = 1_000;
/** Past the grace and this much more (a close that hangs), the process exits anyway, non-zero. */
const WATCHDOG_MS = 20_000;

/** The probes answer during the stop: /healthz 200, /readyz 503 (platform/health). */
const PROBES: readonly string[] = ['/healthz', '/readyz'];

/** The process's stage as the probes see it (platform/health/lifecycle.ts, `app.lifecycle`). */
export interface ShutdownStage {
  markShuttingDown(): void;
  isShuttingDown(): boolean;
}

export interface StopParts {
  worker: Pick<JobWorker, 'stop'>;
  /** what is left once the requests and the jobs are done: the app's adapters, the database */
  close: () => Promise<void>;
}

/**
 * The clean stop of a server process (issue 41 item 4). `prepareShutdown` registers, before the
 * server listens, the gate of the requests: the requests in hand are counted until their answer is
 * sent, and once the stage says shutting down a request that arrives gets 503 with `Connection:
 * close` (the probes excepted: /readyz then answers 503 itself, so a load balancer takes the
 * process out). The listener stays open while the requests in hand finish, so the probes and the
 * clients get that answer rather than a refused connection. `onSignals` then makes SIGTERM and SIGINT stop the process:
 *
 * 1. the stage is marked shutting down (/readyz 503, new requests 503);
 * 2. the requests in flight finish, and the job worker stops: handlers that can (the shot
 *    dispatch) end their sends in flight and hand their leases and jobs back for the next process;
 *    both for at most SHUTDOWN_GRACE_MS, then the connections left are closed;
 * 3. the listener closes, then `close()` (adapters, database), and the process exits 0.
 *
 * A second signal during the stop (not the duplicate of the first) exits at once with 128 + its
 * number; an error during the stop exits 1.
 */
export function prepareShutdown(
  server: FastifyInstance,
  stage: ShutdownStage,
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
  options: { graceMs?: number; exit?: (code: number) => void } = {},
) {
  const graceMs = options.graceMs ?? SHUTDOWN_GRACE_MS;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let inFlight = 0;
  let idle: (() => void) | undefined;
  const admitted = new WeakSet<object>();

  // a request is in hand from the moment its headers are read (node's 'request' event, before
  // Fastify's own listener and any hook): one whose body is still coming when the signal arrives
  // is let in and answered
  server.server.prependListener('request', (req, res) => {
    if (stage.isShuttingDown()) return;
    admitted.add(req);
    inFlight++;
    // 'close' comes once the answer is sent or the connection dropped, whatever the route did
    res.once('close', () => {
      inFlight--;
      if (inFlight === 0) idle?.();
    });
  });
  server.addHook('onRequest', async (request, reply) => {
    if (!stage.isShuttingDown() || admitted.has(request.raw)) return;
    if (PROBES.includes(request.url.split('?')[0] ?? '')) return;
    reply.header('connection', 'close');
    return reply.code(503).send({ message: MESSAGES.shuttingDown, errors: MESSAGES.shuttingDown });
  });

  /** Waits until no request is in hand, or the deadline; answers whether they all ended. */
  const requestsEnded = async (until: number): Promise<boolean> => {
    if (inFlight === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    const ended = await Promise.race([
      new Promise<boolean>((resolve) => {
        idle = () => resolve(true);
      }),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), Math.max(0, until - Date.now()));
      }),
    ]);
    clearTimeout(timer);
    return ended;
  };

  const stop = async (signal: string, parts: StopParts) => {
    const started = Date.now();
    const until = started + graceMs;
    stage.markShuttingDown();
    log.info(
      { signal, requests: inFlight },
      'encerrando: /readyz responde 503 e requisições novas recebem 503',
    );
    const [requestsDone, jobsDone] = await Promise.all([
      requestsEnded(until),
      parts.worker.stop({ handBack: true, until }),
    ]);
    if (!requestsDone) {
      log.warn(
        { requests: inFlight, graceMs },
        'requisições ainda em andamento no fim do prazo: conexões fechadas',
      );
      server.server.closeAllConnections();
    }
    if (!jobsDone) {
      log.warn({ graceMs }, 'jobs ainda em andamento no fim do prazo: voltam à fila quando a trava expirar');
    }
    await server.close();
    await parts.close();
    log.info({ ms: Date.now() - started }, 'encerrado');
  };

  return {
    /** Requests in hand now (tests). */
    get inFlight() {
      return inFlight;
    },
    /** From now on SIGTERM and SIGINT stop the process cleanly (see prepareShutdown). */
    onSignals(parts: StopParts): void {
      let first: number | undefined;
      const onSignal = (signal: NodeJS.Signals) => {
        if (first === undefined) {
          first = Date.now();
          setTimeout(() => {
            log.error('o encerramento não terminou: saindo assim mesmo');
            exit(1);
          }, graceMs + WATCHDOG_MS).unref();
          stop(signal, parts).then(
            () => exit(0),
            (error: unknown) => {
              log.error({ err: error }, 'falha no encerramento');
              exit(1);
            },
          );
          return;
        }
        if (Date.now() - first < DUPLICATE_SIGNAL_MS) return;
        log.warn({ signal }, 'segundo sinal durante o encerramento: saindo sem esperar');
        exit(128 + (os.constants.signals[signal] ?? 0));
      };
      process.on('SIGTERM', onSignal);
      process.on('SIGINT', onSignal);
    },
  };
}
