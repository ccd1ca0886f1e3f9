import { Worker } from 'node:worker_threads';
import { UNTRUSTED_MESSAGES } from '@mandato/domain';
import { AppError, badRequest, tooManyRequests } from '../http/errors.ts';
import type { FromWorker, ToWorker } from './untrusted-protocol.ts';

/**
 * Untrusted documents (HTML, rich text, spreadsheets, and any parser added later) are processed here,
 * never on the main thread: a bounded pool of worker threads, each with a heap limit
 * (`resourceLimits`), each task with a wall-clock limit that ends its worker, and a queue bounded per
 * tenant and in all. A task that passes a limit is a pt-BR 400 naming it; its worker is replaced and
 * the server, and every other tenant, carry on. Tasks are named handlers of the worker module
 * (`entry`, the composition's `untrusted.worker.ts`); a task may send chunks (an import's rows) that
 * the caller consumes before the task goes on, and that wait is not counted in its time.
 */
export interface UntrustedPoolOptions {
  /** the worker module: `serveUntrustedTasks(handlers)` (serve-untrusted-tasks.ts) */
  entry: URL;
  /** a loader the worker imports first (tsx, for TypeScript sources in development and tests) */
  loader?: string;
  workers: number;
  heapMb: number;
  seconds: number;
  perTenant: number;
  waiting: number;
  /** a task that failed for another reason than its input (a defect of ours): logged */
  onFailure?: (task: string, detail: string) => void;
}

export interface UntrustedRun {
  tenantId: string;
  /** the body field of the document: a refusal without field errors of its own is given on it */
  field?: string;
  /** this task's time, when not the pool's */
  seconds?: number;
  /** each chunk the task sends, in order; the task waits for it */
  onChunk?: (chunk: unknown) => Promise<void>;
}

interface Task {
  name: string;
  input: unknown;
  run: UntrustedRun;
  resolve: (output: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  /** its module loaded: a task's time starts with the task, not with the worker */
  ready: boolean;
  task?: Task;
  /** time left for the running task, and when its clock last started (null while a chunk is consumed) */
  left: number;
  since: number | null;
  timer?: NodeJS.Timeout;
  /** why the pool ended the worker (the exit that follows rejects the task with it) */
  ending?: Error;
}

export class UntrustedPool {
  private readonly slots = new Set<Slot>();
  /** waiting tasks by tenant; tenants are served in turn */
  private readonly queues = new Map<string, Task[]>();
  private readonly tenantTasks = new Map<string, number>();
  private waitingCount = 0;
  private closed = false;

  constructor(private readonly options: UntrustedPoolOptions) {}

  run<O>(name: string, input: unknown, run: UntrustedRun): Promise<O> {
    if (this.closed) return Promise.reject(new Error('untrusted pool closed'));
    const held = this.tenantTasks.get(run.tenantId) ?? 0;
    if (held >= this.options.perTenant || this.waitingCount >= this.options.waiting)
      return Promise.reject(tooManyRequests(UNTRUSTED_MESSAGES.busy));
    this.tenantTasks.set(run.tenantId, held + 1);
    return new Promise<O>((resolve, reject) => {
      const task: Task = {
        name,
        input,
        run,
        resolve: resolve as (output: unknown) => void,
        reject,
      };
      const queue = this.queues.get(run.tenantId) ?? [];
      queue.push(task);
      this.queues.set(run.tenantId, queue);
      this.waitingCount++;
      this.dispatch();
    });
  }

  /** Tasks running or waiting (metrics, tests). */
  get load(): { running: number; waiting: number; workers: number } {
    let running = 0;
    for (const slot of this.slots) if (slot.task) running++;
    return { running, waiting: this.waitingCount, workers: this.slots.size };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.rejectWaiting(new Error('untrusted pool closed'));
    await Promise.all([...this.slots].map((slot) => slot.worker.terminate()));
    this.slots.clear();
  }

  private rejectWaiting(reason: Error): void {
    for (const queue of this.queues.values())
      for (const task of queue) {
        this.release(task);
        task.reject(reason);
      }
    this.queues.clear();
    this.waitingCount = 0;
  }

  /**
   * Starts waiting tasks while a worker is free: tenants in turn, and no tenant runs on every worker
   * (one tenant's documents never hold the pool that another tenant's save is waiting for).
   */
  private dispatch(): void {
    while (this.waitingCount > 0) {
      const slot = this.freeSlot();
      if (!slot) return;
      const task = this.nextTask();
      if (!task) return;
      this.start(slot, task);
    }
  }

  private nextTask(): Task | undefined {
    const running = new Map<string, number>();
    for (const { task } of this.slots)
      if (task) running.set(task.run.tenantId, (running.get(task.run.tenantId) ?? 0) + 1);
    const cap = Math.max(1, this.options.workers - 1);
    const chosen = [...this.queues.keys()].find((tenantId) => (running.get(tenantId) ?? 0) < cap);
    if (chosen === undefined) return undefined;
    const queue = this.queues.get(chosen) as Task[];
    const task = queue.shift() as Task;
    // the tenant goes to the back of the turn
    this.queues.delete(chosen);
    if (queue.length > 0) this.queues.set(chosen, queue);
    this.waitingCount--;
    return task;
  }

  /** An idle worker that has loaded its module; else one more is started (it calls back when ready). */
  private freeSlot(): Slot | undefined {
    for (const slot of this.slots) if (slot.ready && !slot.task && !slot.ending) return slot;
    const starting = [...this.slots].some((slot) => !slot.ready && !slot.ending);
    if (!starting && this.slots.size < this.options.workers) this.spawn();
    return undefined;
  }

  private spawn(): void {
    const { entry, loader, heapMb } = this.options;
    const bootstrap = loader ? new URL('./untrusted-loader.mjs', import.meta.url) : entry;
    const worker = new Worker(bootstrap, {
      workerData: { entry: entry.href, loader },
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
    });
    const slot: Slot = { worker, ready: false, left: 0, since: null };
    worker.on('message', (message: FromWorker) => this.received(slot, message));
    worker.on('error', (error: Error & { code?: string }) => {
      if (error.code !== 'ERR_WORKER_OUT_OF_MEMORY')
        this.options.onFailure?.(slot.task?.name ?? '(início)', error.stack ?? error.message);
      slot.ending ??=
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? badRequest(UNTRUSTED_MESSAGES.memoryLimit(heapMb))
          : badRequest(UNTRUSTED_MESSAGES.failed);
    });
    worker.on('exit', () => {
      this.slots.delete(slot);
      clearTimeout(slot.timer);
      const reason = slot.ending ?? badRequest(UNTRUSTED_MESSAGES.failed);
      this.finish(slot, (task) => task.reject(reason));
      // a worker that could not even load its module would be replaced forever: the waiting fail
      if (!slot.ready) this.rejectWaiting(reason);
      if (!this.closed) this.dispatch();
    });
    this.slots.add(slot);
  }

  private start(slot: Slot, task: Task): void {
    slot.task = task;
    slot.left = (task.run.seconds ?? this.options.seconds) * 1000;
    this.resumeClock(slot);
    this.send(slot, { type: 'task', name: task.name, input: task.input });
  }

  private resumeClock(slot: Slot): void {
    slot.since = Date.now();
    slot.timer = setTimeout(() => {
      const seconds = slot.task?.run.seconds ?? this.options.seconds;
      this.end(slot, badRequest(UNTRUSTED_MESSAGES.timeLimit(seconds)));
    }, slot.left);
  }

  private pauseClock(slot: Slot): void {
    clearTimeout(slot.timer);
    if (slot.since !== null) slot.left -= Date.now() - slot.since;
    slot.since = null;
  }

  /** Ends the worker (a limit passed): its exit rejects the task with `reason`. */
  private end(slot: Slot, reason: Error): void {
    slot.ending ??= reason;
    clearTimeout(slot.timer);
    void slot.worker.terminate();
  }

  private received(slot: Slot, message: FromWorker): void {
    if (message.type === 'ready') {
      slot.ready = true;
      this.dispatch();
      return;
    }
    const task = slot.task;
    if (!task || slot.ending) return;
    if (message.type === 'chunk') {
      this.pauseClock(slot);
      const consume = task.run.onChunk ?? (async () => undefined);
      consume(message.chunk).then(
        () => {
          if (slot.task !== task || slot.ending) return;
          this.resumeClock(slot);
          this.send(slot, { type: 'ack' });
        },
        (error: Error) => this.end(slot, error),
      );
      return;
    }
    clearTimeout(slot.timer);
    this.finish(slot, () => {
      if (message.type === 'done') task.resolve(message.output);
      else if (message.type === 'refused')
        task.reject(
          new AppError(
            message.status,
            message.message,
            (message.errors ??
              (task.run.field ? { [task.run.field]: [message.message] } : undefined)) as AppError['errors'],
          ),
        );
      else {
        this.options.onFailure?.(task.name, message.detail);
        task.reject(badRequest(UNTRUSTED_MESSAGES.failed));
      }
    });
    this.dispatch();
  }

  /** The task leaves its slot and its tenant's count, then is settled. */
  private finish(slot: Slot, settle: (task: Task) => void): void {
    const task = slot.task;
    if (!task) return;
    slot.task = undefined;
    this.release(task);
    settle(task);
  }

  /** The task no longer counts for its tenant. */
  private release(task: Task): void {
    const held = (this.tenantTasks.get(task.run.tenantId) ?? 1) - 1;
    if (held > 0) this.tenantTasks.set(task.run.tenantId, held);
    else this.tenantTasks.delete(task.run.tenantId);
  }

  private send(slot: Slot, message: ToWorker): void {
    slot.worker.postMessage(message);
  }
}
