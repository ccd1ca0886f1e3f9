import type { PGlite } from '@electric-sql/pglite';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';

/**
 * Kysely dialect for PGlite. PGlite has one session, so the driver hands out that one connection
 * to one user at a time: a transaction holds it from BEGIN to COMMIT and nothing interleaves.
 * Code inside a transaction must use the transaction object, never the outer db.
 */
export class PGliteDialect implements Dialect {
  #driver: PGliteDriver | undefined;
  constructor(private readonly pglite: PGlite) {}
  /** The one connection: held or not, and how many wait for it (metrics, platform/metrics). */
  connections(): { inUse: number; waiting: number } {
    return { inUse: this.#driver?.held ? 1 : 0, waiting: this.#driver?.waiting ?? 0 };
  }
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    this.#driver = new PGliteDriver(this.pglite);
    return this.#driver;
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}
  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(query.sql, [...query.parameters]);
    return { rows: result.rows, numAffectedRows: BigInt(result.affectedRows ?? 0) };
  }
  // biome-ignore lint/correctness/useYield: streaming is not supported on PGlite
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite não suporta streaming de consultas');
  }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private release: (() => void) | undefined;
  private readonly connection: PGliteConnection;
  held = false;
  waiting = 0;

  constructor(pglite: PGlite) {
    this.connection = new PGliteConnection(pglite);
  }
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.waiting++;
    try {
      await previous;
    } finally {
      this.waiting--;
    }
    this.release = release;
    this.held = true;
    return this.connection;
  }
  async beginTransaction(conn: DatabaseConnection) {
    await conn.executeQuery({ sql: 'BEGIN', parameters: [] } as unknown as CompiledQuery);
  }
  async commitTransaction(conn: DatabaseConnection) {
    await conn.executeQuery({ sql: 'COMMIT', parameters: [] } as unknown as CompiledQuery);
  }
  async rollbackTransaction(conn: DatabaseConnection) {
    await conn.executeQuery({ sql: 'ROLLBACK', parameters: [] } as unknown as CompiledQuery);
  }
  async releaseConnection() {
    const release = this.release;
    this.release = undefined;
    this.held = false;
    release?.();
  }
  async destroy() {}
}
