import type { FastifyReply, FastifyRequest } from 'fastify';
import { tooManyRequests } from './errors.ts';
import type { RateLimit } from './rate-limit.ts';

interface Window {
  resetAt: number;
  count: number;
}

/** How often the expired windows are dropped, so a scan of many addresses leaves nothing behind. */
const SWEEP_MS = 60_000;

/**
 * The counters of the 'memory' limits (platform/http/rate-limit.ts): fixed windows by limit and
 * client address, in this process only, with no database call — the probes (/healthz, /readyz)
 * and /metrics must answer the same way whether the database is up or not. One per app
 * (registerRateLimits), each instance counting its own requests.
 */
export class MemoryCounters {
  readonly #windows = new Map<string, Window>();
  #sweptAt = 0;

  /** One attempt on the key; the seconds to wait when the window's `max` is spent. */
  take(key: string, max: number, windowSeconds: number, now = Date.now()): number | undefined {
    this.#sweep(now);
    let window = this.#windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { resetAt: now + windowSeconds * 1000, count: 0 };
      this.#windows.set(key, window);
    }
    if (window.count >= max) return Math.max(1, Math.ceil((window.resetAt - now) / 1000));
    window.count++;
    return undefined;
  }

  #sweep(now: number) {
    if (now - this.#sweptAt < SWEEP_MS) return;
    this.#sweptAt = now;
    for (const [key, window] of this.#windows) if (window.resetAt <= now) this.#windows.delete(key);
  }
}

/** Takes the request's attempt on every rule of a 'memory' limit (per client address); 429 past one. */
export function takeInMemory(
  counters: MemoryCounters,
  limit: RateLimit,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  for (const [i, rule] of limit.rules.entries()) {
    const wait = counters.take(`${limit.name}:${i}:${request.ip}`, rule.max, rule.windowSeconds);
    if (wait !== undefined) {
      reply.header('Retry-After', String(wait));
      throw tooManyRequests(limit.message);
    }
  }
}
