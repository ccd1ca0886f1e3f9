import { parentPort } from 'node:worker_threads';
import { AppError } from '../http/errors.ts';
import type { FromWorker, ToWorker } from './untrusted-protocol.ts';
import { UntrustedRefusal } from './untrusted-refusal.ts';

/**
 * A task of the pool, run in a worker: its input as the caller gave it (structured clone), `emit`
 * to send a chunk to the caller (resolved once the caller has consumed it). Throwing an
 * `UntrustedRefusal` (400) or a 4xx `AppError` refuses the document with its message; any other
 * error is a failure.
 */
export type UntrustedHandler = (input: never, emit: (chunk: unknown) => Promise<void>) => unknown;

/** The worker's side: runs each task it is sent with the handler of its name, one at a time. */
export function serveUntrustedTasks(handlers: Record<string, UntrustedHandler>): void {
  const port = parentPort;
  if (!port) throw new Error('serveUntrustedTasks runs in a worker thread');
  let acknowledged: (() => void) | undefined;
  const post = (message: FromWorker) => port.postMessage(message);
  const emit = (chunk: unknown) =>
    new Promise<void>((resolve) => {
      acknowledged = resolve;
      post({ type: 'chunk', chunk });
    });

  port.on('message', async (message: ToWorker) => {
    if (message.type === 'ack') {
      const resume = acknowledged;
      acknowledged = undefined;
      resume?.();
      return;
    }
    const handler = Object.hasOwn(handlers, message.name) ? handlers[message.name] : undefined;
    try {
      if (!handler) throw new Error(`unknown untrusted task ${message.name}`);
      post({ type: 'done', output: await handler(message.input as never, emit) });
    } catch (error) {
      if (error instanceof UntrustedRefusal)
        post({ type: 'refused', status: 400, message: error.message, errors: error.errors });
      else if (error instanceof AppError && error.status < 500)
        post({ type: 'refused', status: error.status, message: error.message, errors: error.errors });
      else
        post({
          type: 'failed',
          detail: error instanceof Error ? (error.stack ?? error.message) : String(error),
        });
    }
  });
  post({ type: 'ready' });
}
