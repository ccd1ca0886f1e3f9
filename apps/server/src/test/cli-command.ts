import { runCommand } from '../cli-commands.ts';
import type { Database } from '../platform/db/engine.ts';

/** A command of the operator CLI on a test database: what it prints, or the error it stops with. */
export async function cliCommand(db: Database, ...args: string[]) {
  try {
    return { ok: true, out: await runCommand(db, args) };
  } catch (error) {
    return { ok: false, out: (error as Error).message };
  }
}
