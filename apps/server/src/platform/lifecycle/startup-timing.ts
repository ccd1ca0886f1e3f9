import { performance } from 'node:perf_hooks';

const seconds = (ms: number) => `${(ms / 1000).toFixed(2).replace('.', ',')} s`;

/**
 * Where a start's time goes (issue 41 item 5), printed in one line once the server listens. Counts
 * from the start of the node process (performance.now()): `npm start` (scripts/start.mjs) hands over
 * the time of its build check in MANDATO_BUILD_CHECK_MS and what it built in MANDATO_BUILT; the rest
 * up to `begin()` is node and the loading of the server's modules.
 */
export class StartupTiming {
  private readonly stages: Array<[string, number]> = [];
  private last = 0;

  constructor(private readonly env: NodeJS.ProcessEnv = process.env) {}

  /** main() begins: what came before is the build check and the loading of the modules. */
  begin(): void {
    const now = performance.now();
    const buildMs = Number(this.env.MANDATO_BUILD_CHECK_MS);
    if (Number.isFinite(buildMs) && buildMs >= 0 && buildMs <= now) {
      const built = this.env.MANDATO_BUILT;
      this.stages.push([built ? `build (${built.split(',').join(', ')})` : 'verificação do build', buildMs]);
      this.stages.push(['módulos', now - buildMs]);
    } else {
      this.stages.push(['módulos', now]);
    }
    this.last = now;
  }

  /** The stage that ends now. */
  mark(stage: string): void {
    const now = performance.now();
    this.stages.push([stage, now - this.last]);
    this.last = now;
  }

  /** E.g. "Pronto em 1,52 s: verificação do build 0,02 s · módulos 0,48 s · banco 0,70 s · …" */
  line(): string {
    return `Pronto em ${seconds(this.last)}: ${this.stages.map(([name, ms]) => `${name} ${seconds(ms)}`).join(' · ')}`;
  }

  /** The stages in ms, for the log. */
  fields(): Record<string, number> {
    return Object.fromEntries(this.stages.map(([name, ms]) => [name, Math.round(ms)]));
  }
}
