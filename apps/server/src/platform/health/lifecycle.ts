/**
 * The process's stage as the probes see it (issue 41): one per app, a member of the app context
 * (`app.lifecycle`, built in services.ts), so no module-level state. main.ts calls
 * `markShuttingDown()` at SIGTERM before it stops taking requests; from then on `GET /readyz`
 * answers 503 so a load balancer sends the traffic elsewhere while the requests in flight finish.
 */
export class Lifecycle {
  #shuttingDown = false;

  /** From now on the app is leaving: readiness fails (idempotent). */
  markShuttingDown(): void {
    this.#shuttingDown = true;
  }

  isShuttingDown(): boolean {
    return this.#shuttingDown;
  }
}
