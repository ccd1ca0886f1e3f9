import { commandsOf, commandWithoutDatabase, runCommand, USAGE, UsageError } from './cli-commands.ts';
import { loadConfig } from './platform/config/config.ts';
import { type Database, openDatabase } from './platform/db/engine.ts';

async function main() {
  const args = process.argv.slice(2);
  if (args.length === 0 || args[0] === '--help' || args[0] === 'help') {
    console.log(USAGE);
    process.exit(args.length === 0 ? 1 : 0);
  }
  const commands = commandsOf(args);
  let db: Database | undefined;
  try {
    const done = await commandWithoutDatabase(args);
    if (done !== undefined) {
      console.log(done);
      process.exit(0);
    }
    db = await openDatabase(loadConfig());
    for (const command of commands) console.log(await runCommand(db, command));
    await db.close();
    process.exit(0);
  } catch (error) {
    await db?.close().catch(() => {});
    console.error(`Erro: ${(error as Error).message}`);
    if (error instanceof UsageError) console.error(`\n${USAGE}`);
    process.exit(1);
  }
}

void main();
