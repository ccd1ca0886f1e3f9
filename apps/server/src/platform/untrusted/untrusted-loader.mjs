// A worker of the untrusted pool running TypeScript sources (development, tests): registers the
// loader, then imports the worker module. The production bundle starts its worker module directly.
import { workerData } from 'node:worker_threads';

const { register } = await import(workerData.loader);
register();
await import(workerData.entry);
