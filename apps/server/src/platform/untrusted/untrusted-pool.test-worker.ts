import { serveUntrustedTasks } from './serve-untrusted-tasks.ts';
import { UntrustedRefusal } from './untrusted-refusal.ts';

/** Tasks that misbehave on purpose, for untrusted-pool.test.ts. */
serveUntrustedTasks({
  echo: (input: unknown) => input,
  spin: () => {
    for (;;);
  },
  hog: () => {
    const kept: number[][] = [];
    for (;;) kept.push(new Array(100_000).fill(kept.length));
  },
  refuse: (message: string) => {
    throw new UntrustedRefusal(message, { html: [message] });
  },
  crash: () => {
    throw new Error('defeito');
  },
  overflow: () => {
    const deeper = (n: number): number => deeper(n + 1) + 1;
    return deeper(0);
  },
  exit: () => process.exit(3),
  chunks: async (count: number, emit) => {
    for (let i = 0; i < count; i++) await emit(i);
    return 'fim';
  },
});
