import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/engine.ts';
import type { DB } from '../db/schema.ts';
import { type EnqueueOptions, jobsRepository } from './jobs.repository.ts';

export type JobHandler = (payload: unknown) => Promise<void>;

export interface JobQueue {
  /** With `trx` the job is enqueued in that transaction: it exists only if the transaction commits. */
  enqueue(queue: string, payload: unknown, options?: EnqueueOptions, trx?: Kysely<DB>): Promise<void>;
}

/**
 * The background queue: jobs live in the `jobs` table, so they survive restarts and any number of
 * server instances share them (FOR UPDATE SKIP LOCKED). Handlers must be idempotent: a job whose
 * worker died runs again once its lock expires.
 */
export class JobWorker implements JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(
    private readonly db: Database,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
    private readonly options: { pollMs: number; batchSize?: number; lockSeconds?: number } = { pollMs: 1000 },
  ) {}

  register(queue: string, handler: JobHandler): this {
    this.handlers.set(queue, handler);
    return this;
  }

  enqueue(queue: string, payload: unknown, options?: EnqueueOptions, trx?: Kysely<DB>): Promise<void> {
    return jobsRepository.enqueue(trx ?? this.db.kysely, queue, payload, options);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops polling and waits for the jobs in hand to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Runs every due job once (also what each poll does); returns how many ran. */
  async drain(): Promise<number> {
    const jobs = await jobsRepository.claim(
      this.db.kysely,
      [...this.handlers.keys()],
      this.options.batchSize ?? 10,
      this.options.lockSeconds ?? 300,
    );
    for (const job of jobs) {
      const handler = this.handlers.get(job.queue);
      try {
        if (!handler) throw new Error(`Sem handler para a fila ${job.queue}`);
        await handler(job.payload);
        await jobsRepository.complete(this.db.kysely, job.id);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        this.log.warn({ job: job.id, queue: job.queue, attempt: job.attempts, err: message }, 'job falhou');
        await jobsRepository.fail(this.db.kysely, job, message);
      }
    }
    return jobs.length;
  }

  private schedule(delay: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.drain()
        .then((n) => this.schedule(n > 0 ? 0 : this.options.pollMs))
        .catch((error) => {
          this.log.error({ err: error }, 'falha ao buscar jobs');
          this.schedule(this.options.pollMs);
        });
    }, delay);
  }
}
