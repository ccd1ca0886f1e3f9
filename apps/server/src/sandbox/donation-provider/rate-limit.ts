export interface DonorRateLimitOptions {
  /** requests a visitor may make at once */
  capacity: number;
  /** requests given back per minute */
  perMinute: number;
}

/**
 * The public donation page's limit per IP: a token bucket in the sandbox instance (the sandbox is
 * not the product server, whose limits are declared on its routes).
 */
export class DonorRateLimit {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly options: DonorRateLimitOptions = { capacity: 30, perMinute: 30 }) {}

  /** Takes one request of `ip`; the seconds to wait when there is none left. */
  take(ip: string, now = Date.now()): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    if (this.buckets.size > 10_000) this.buckets.clear();
    const { capacity, perMinute } = this.options;
    const bucket = this.buckets.get(ip) ?? { tokens: capacity, at: now };
    bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.at) * perMinute) / 60_000);
    bucket.at = now;
    this.buckets.set(ip, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true };
    }
    return { allowed: false, retryAfterSeconds: Math.ceil(((1 - bucket.tokens) * 60) / perMinute) };
  }
}
