/** The messages between the pool (untrusted-pool.ts) and a worker (serve-untrusted-tasks.ts). */
export type ToWorker = { type: 'task'; name: string; input: unknown } | { type: 'ack' };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'chunk'; chunk: unknown }
  | { type: 'done'; output: unknown }
  | { type: 'refused'; status: number; message: string; errors?: unknown }
  | { type: 'failed'; detail: string };
