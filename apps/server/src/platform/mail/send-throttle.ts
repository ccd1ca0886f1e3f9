import { setTimeout as sleep } from 'node:timers/promises';

/** Messages per second a process sends for one tenant and to one receiving domain (0: no limit). */
export interface SendRates {
  perTenant: number;
  perDomain: number;
}

/**
 * Spaces the sends of this process: each tenant and each receiving domain gets a slot every
 * 1/rate seconds. Per process: N server processes send up to N times the rate.
 */
export class SendThrottle {
  private readonly next = new Map<string, number>();

  constructor(private readonly rates: SendRates) {}

  async take(tenantId: string, domain: string): Promise<void> {
    const wait = Math.max(
      this.reserve(`t:${tenantId}`, this.rates.perTenant),
      this.reserve(`d:${domain.toLowerCase()}`, this.rates.perDomain),
    );
    if (wait > 0) await sleep(wait);
  }

  /** Reserves the key's next slot and answers how long until it comes (ms). */
  private reserve(key: string, rate: number): number {
    if (rate <= 0) return 0;
    const now = Date.now();
    const slot = Math.max(now, this.next.get(key) ?? 0);
    this.next.set(key, slot + 1000 / rate);
    if (this.next.size > 10_000) this.prune(now);
    return slot - now;
  }

  private prune(now: number): void {
    for (const [key, at] of this.next) if (at < now) this.next.delete(key);
  }
}
