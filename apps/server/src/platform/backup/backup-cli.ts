/** The operator's `backup` and `restore` commands (cli-commands.ts dispatches to them). */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Config, loadConfig } from '../config/config.ts';
import { assertDataDirFree, DataDirLockedError } from '../db/data-dir-lock.ts';
import type { Database } from '../db/engine.ts';
import { restoreBackup } from './restore-backup.ts';
import { writeBackup } from './write-backup.ts';

export const BACKUP_USAGE = `  backup --out ARQUIVO                   backup do banco embutido e dos arquivos guardados num só arquivo
                                         (.tar.gz); só com o servidor parado (rodando, ele mesmo faz os
                                         backups automáticos em DATA_DIR/backups)
  restore --from ARQUIVO [--data-dir D]  restaura um backup num diretório de dados vazio ou inexistente
                                         (DATA_DIR, ou D); recusa um diretório com conteúdo`;

/** An option the operator got wrong (printed with the usage). */
export class BackupUsageError extends Error {}

function option(args: string[], name: string, extra: string[] = []): Record<string, string | undefined> {
  try {
    return parseArgs({
      args,
      options: Object.fromEntries([name, ...extra].map((k) => [k, { type: 'string' as const }])),
      strict: true,
    }).values as Record<string, string | undefined>;
  } catch (error) {
    throw new BackupUsageError((error as Error).message);
  }
}

/** A path as the operator typed it: relative to where `npm run cli` was started (npm's INIT_CWD). */
const fromOperator = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Before the CLI opens the database for `backup`: on PostgreSQL it points at pg_dump; when a server
 * holds the embedded data directory it refuses (the CLI never reads a database another process
 * writes), pointing at the automatic backups.
 */
export function assertCanBackUp(config: Pick<Config, 'databaseUrl' | 'dataDir'>): void {
  if (config.databaseUrl) {
    throw new Error(
      'backup pela CLI é só do banco embutido; com DATABASE_URL use pg_dump (docs/operations.md)',
    );
  }
  if (!fs.existsSync(path.join(config.dataDir, 'PG_VERSION'))) {
    // opening it would create an empty database there
    throw new Error(`Não há banco embutido em ${config.dataDir} (confira DATA_DIR)`);
  }
  try {
    assertDataDirFree(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new Error(
      `${error.message} Com o servidor rodando, os backups automáticos ficam em ` +
        `${path.join(config.dataDir, 'backups')} (a cada BACKUP_INTERVAL_MINUTES minutos); ` +
        'o backup pela CLI precisa do diretório livre.',
    );
  }
}

/** backup --out FILE, on the database the CLI opened (and locked); it applies no migration. */
export async function backupCommand(
  db: Database,
  args: string[],
  config: Config = loadConfig(),
): Promise<string> {
  const { out } = option(args, 'out');
  if (!out?.trim()) throw new BackupUsageError('Opção obrigatória ausente: --out');
  if (db.engine !== 'pglite') assertCanBackUp(config);
  const file = fromOperator(out);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const result = await writeBackup(
    { db, dataDir: config.dataDir, filesDir: config.files.s3 ? undefined : config.files.dir },
    file,
  );
  const rows = Object.values(result.manifest.tables ?? {}).reduce((a, b) => a + b, 0);
  const files = result.manifest.files;
  return (
    `Backup gravado em ${file} (${megabytes(result.bytes)}, ${(result.ms / 1000).toFixed(1)} s): ` +
    `${Object.keys(result.manifest.tables ?? {}).length} tabelas, ${rows} linhas, ` +
    (files?.storage === 's3'
      ? 'arquivos no bucket S3 (fora do backup)'
      : `${files?.count ?? 0} arquivos guardados (${megabytes(files?.bytes ?? 0)})`)
  );
}

/** restore --from FILE [--data-dir DIR]: runs without opening a database (cli.ts). */
export async function restoreCommand(args: string[]): Promise<string> {
  const o = option(args, 'from', ['data-dir']);
  if (!o.from?.trim()) throw new BackupUsageError('Opção obrigatória ausente: --from');
  const env = o['data-dir'] ? { ...process.env, DATA_DIR: fromOperator(o['data-dir']) } : process.env;
  const config = loadConfig(env);
  if (config.databaseUrl && !o['data-dir']) {
    throw new Error(
      'restore pela CLI é só do banco embutido; com DATABASE_URL use pg_restore (docs/operations.md), ' +
        'ou indique --data-dir para restaurar num diretório do banco embutido',
    );
  }
  const file = fromOperator(o.from);
  if (!fs.existsSync(file)) throw new Error(`Arquivo de backup não encontrado: ${file}`);
  const manifest = await restoreBackup(file, { dataDir: config.dataDir, filesDir: config.files.dir });
  const rows = Object.values(manifest.tables ?? {}).reduce((a, b) => a + b, 0);
  return (
    `Backup de ${manifest.createdAt} restaurado em ${config.dataDir}: ` +
    `${Object.keys(manifest.tables ?? {}).length} tabelas e ${rows} linhas conferidas com o manifesto, ` +
    `${manifest.files?.count ?? 0} arquivos guardados em ${config.files.dir}. ` +
    `Inicie o servidor com DATA_DIR=${config.dataDir}.`
  );
}
