import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/engine.ts';
import type { DB } from '../db/schema.ts';
import { type EnqueueOptions, type JobRow, jobsRepository } from './jobs.repository.ts';
import { checkPayload, enqueue, type Queue } from './queue.ts';

/** What a handler gets besides its payload. */
export interface JobRun {
  /**
   * Aborted when the process stops (SIGTERM, worker.stop({ handBack: true })): a long handler ends
   * what it has in hand, gives back what it holds and throws JobHandedBack, so its job waits for the
   * next process instead of for its lock to expire.
   */
  signal: AbortSignal;
}

export type JobHandler<P> = (payload: P, run: JobRun) => Promise<void>;

/**
 * Thrown by a handler that stopped because the process is stopping: its job goes back to pending as
 * it was (the attempt not counted), for the next process to claim at once.
 */
export class JobHandedBack extends Error {
  constructor() {
    super('job devolvido à fila no encerramento');
  }
}

export interface JobQueue {
  /**
   * Enqueues a job of `queue`; a payload its schema refuses throws and writes nothing. With `trx`
   * the job is enqueued in that transaction: it exists only if the transaction commits.
   */
  enqueue<P>(queue: Queue<P>, payload: NoInfer<P>, options?: EnqueueOptions, trx?: Kysely<DB>): Promise<void>;
}

/** A registered queue and what the worker is doing with it. */
interface Lane {
  queue: Queue<unknown>;
  handler: JobHandler<unknown>;
  /** its jobs running now (never more than queue.concurrency) */
  running: number;
  claiming: boolean;
  timer?: NodeJS.Timeout;
}

/**
 * The background queue: jobs live in the `jobs` table, so they survive restarts and any number of
 * server instances share them (FOR UPDATE SKIP LOCKED). Each queue is polled on its own and runs up
 * to its concurrency of jobs at once, so a long queue never delays another. Handlers must be
 * idempotent: a job whose worker died runs again once its lock expires.
 */
export class JobWorker implements JobQueue {
  private readonly lanes = new Map<string, Lane>();
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = true;
  /** aborted by stop({ handBack: true }): the handlers' JobRun.signal */
  private stopping = new AbortController();

  constructor(
    private readonly db: Database,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
    private readonly options: { pollMs: number; batchSize?: number; lockSeconds?: number } = { pollMs: 1000 },
  ) {}

  register<P>(queue: Queue<P>, handler: JobHandler<NoInfer<P>>): this {
    this.lanes.set(queue.name, {
      queue: queue as Queue<unknown>,
      handler: handler as JobHandler<unknown>,
      running: 0,
      claiming: false,
    });
    return this;
  }

  enqueue<P>(
    queue: Queue<P>,
    payload: NoInfer<P>,
    options?: EnqueueOptions,
    trx?: Kysely<DB>,
  ): Promise<void> {
    return enqueue(trx ?? this.db.kysely, queue, payload, options);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    if (this.stopping.signal.aborted) this.stopping = new AbortController();
    for (const lane of this.lanes.values()) this.poll(lane);
  }

  /**
   * Stops polling and waits for the jobs in hand to finish. With `handBack` (the process stops) the
   * handlers are asked to stop early (JobRun.signal): one that does hands its job back (JobHandedBack);
   * jobs claimed but not started go back too. With `until` (a Date.now() deadline) it waits no longer:
   * a job still running then keeps its lock, and is claimed again once it expires. Answers whether
   * every job in hand ended.
   */
  async stop(options: { handBack?: boolean; until?: number } = {}): Promise<boolean> {
    this.stopped = true;
    for (const lane of this.lanes.values()) clearTimeout(lane.timer);
    if (options.handBack) this.stopping.abort();
    const until = options.until ?? Number.POSITIVE_INFINITY;
    while (this.inFlight.size > 0) {
      const left = until - Date.now();
      if (left <= 0) return false;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        if (Number.isFinite(left)) timer = setTimeout(resolve, left);
      });
      await Promise.race([Promise.all(this.inFlight), timeout]);
      clearTimeout(timer);
    }
    return true;
  }

  /**
   * Runs every due job once and returns how many ran (tests and the worker children of the kill
   * tests; a started worker polls instead): each queue's due jobs, claimed before any runs, at most
   * its concurrency at a time, the queues side by side.
   */
  async drain(): Promise<number> {
    const lanes = [...this.lanes.values()];
    const claimed = await Promise.all(lanes.map((lane) => this.claim(lane, this.options.batchSize ?? 10)));
    await Promise.all(
      lanes.map(async (lane, i) => {
        const jobs = [...(claimed[i] ?? [])];
        const slot = async () => {
          for (let job = jobs.shift(); job; job = jobs.shift()) await this.run(lane, job);
        };
        await Promise.all(Array.from({ length: lane.queue.concurrency }, slot));
      }),
    );
    return claimed.reduce((n, jobs) => n + jobs.length, 0);
  }

  /** Claims as many due jobs of the lane as it has free slots and starts them. */
  private poll(lane: Lane): void {
    if (this.stopped || lane.claiming) return;
    clearTimeout(lane.timer);
    lane.timer = undefined;
    const free = lane.queue.concurrency - lane.running;
    if (free <= 0) return; // a job that ends polls again
    lane.claiming = true;
    this.track(
      this.claim(lane, free).then(
        async (jobs) => {
          lane.claiming = false;
          if (this.stopped) {
            // claimed while the worker stopped: back to the queue, never started
            await this.handBack(lane, jobs);
            return;
          }
          for (const job of jobs) this.launch(lane, job);
          // fewer than asked: nothing more is due now; else claim again if a slot freed meanwhile
          if (jobs.length < free) this.pollLater(lane);
          else this.poll(lane);
        },
        (error) => {
          lane.claiming = false;
          this.log.error({ err: error, queue: lane.queue.name }, 'falha ao buscar jobs');
          this.pollLater(lane);
        },
      ),
    );
  }

  private pollLater(lane: Lane): void {
    if (this.stopped || lane.timer) return;
    lane.timer = setTimeout(() => {
      lane.timer = undefined;
      this.poll(lane);
    }, this.options.pollMs);
  }

  private launch(lane: Lane, job: JobRow): void {
    lane.running++;
    this.track(
      this.run(lane, job).finally(() => {
        lane.running--;
        this.poll(lane);
      }),
    );
  }

  /** Keeps the promise (which never rejects) until it settles, so stop() can wait for it. */
  private track(promise: Promise<void>): void {
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise));
  }

  private async handBack(lane: Lane, jobs: JobRow[]): Promise<void> {
    for (const job of jobs) {
      try {
        await jobsRepository.handBack(this.db.kysely, job.id);
      } catch (error) {
        this.log.error({ err: error, job: job.id, queue: lane.queue.name }, 'falha ao devolver o job');
      }
    }
  }

  private claim(lane: Lane, limit: number): Promise<JobRow[]> {
    return jobsRepository.claim(this.db.kysely, lane.queue.name, limit, this.options.lockSeconds ?? 300);
  }

  /**
   * Runs one claimed job and records its outcome; never rejects. A payload its queue's schema
   * refuses (written by SQL or by an older version) fails the job for good, its handler not called:
   * no later attempt would differ.
   */
  private async run(lane: Lane, job: JobRow): Promise<void> {
    const queue = lane.queue.name;
    const checked = checkPayload(lane.queue, job.payload);
    try {
      if (!checked.ok) {
        this.log.error({ job: job.id, queue, err: checked.error }, 'job com payload inválido descartado');
        await jobsRepository.fail(this.db.kysely, job, checked.error, { final: true });
        return;
      }
      try {
        await lane.handler(checked.payload, { signal: this.stopping.signal });
        await jobsRepository.complete(this.db.kysely, job.id);
      } catch (error) {
        if (error instanceof JobHandedBack) {
          await jobsRepository.handBack(this.db.kysely, job.id);
          this.log.info({ job: job.id, queue }, 'job devolvido à fila no encerramento');
          return;
        }
        const message = error instanceof Error ? error.message : String(error);
        this.log.warn({ job: job.id, queue, attempt: job.attempts, err: message }, 'job falhou');
        await jobsRepository.fail(this.db.kysely, job, message);
      }
    } catch (error) {
      // the outcome could not be written: the job's lock expires and it is claimed again
      this.log.error({ err: error, job: job.id, queue }, 'falha ao gravar o fim do job');
    }
  }
}
