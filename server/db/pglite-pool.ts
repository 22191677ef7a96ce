import type { PGlite } from "@electric-sql/pglite";
import type { DatabaseConnection, Driver, Dialect, QueryResult, CompiledQuery } from "kysely";
import { PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type Kysely } from "kysely";
import { runStatement, type PgliteModule } from "./pglite-statements";

/**
 * PGlite is a single connection living in this thread, so Kysely's checkouts are
 * serialized: a second connection waits until the first is released. This keeps
 * transactions from interleaving on the one backend.
 */
class PgliteConnection implements DatabaseConnection {
  constructor(
    private readonly pglite: PGlite,
    private readonly lib: PgliteModule,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await runStatement<R>(this.pglite, this.lib, compiled.sql, compiled.parameters);
    const command = (result as { command?: string }).command?.toUpperCase();
    const changes = command === "INSERT" || command === "UPDATE" || command === "DELETE" || command === "MERGE";
    return {
      rows: result.rows ?? [],
      numAffectedRows: changes ? BigInt(result.affectedRows ?? 0) : undefined,
    };
  }

  // biome-ignore lint/correctness/useYield: Kysely's DatabaseConnection needs an async iterator here; a generator that only throws fails on the first next(), as a streaming driver would, instead of when the call is made
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("Streaming queries are not supported on the embedded database");
  }
}

class PgliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private readonly connection: PgliteConnection;
  private releaseCurrent: (() => void) | null = null;

  constructor(
    private readonly pglite: PGlite,
    lib: PgliteModule,
  ) {
    this.connection = new PgliteConnection(pglite, lib);
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    // PGlite answers synchronously, so without this turn the waiters would hand the connection on in
    // one chain of microtasks: under load it held the event loop ~250 ms at a time, and requests waiting
    // on a socket or a timer waited up to 9 s (issue 19). Turning only every 2 or 10 ms left p99 at 1.2-3 s.
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.releaseCurrent = release;
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery({ sql: "begin", parameters: [], query: null as never, queryId: null as never });
  }

  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery({ sql: "commit", parameters: [], query: null as never, queryId: null as never });
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery({ sql: "rollback", parameters: [], query: null as never, queryId: null as never });
  }

  async releaseConnection() {
    const release = this.releaseCurrent;
    this.releaseCurrent = null;
    release?.();
  }

  async destroy() {
    await this.pglite.close();
  }
}

export class PgliteDialect implements Dialect {
  constructor(
    private readonly pglite: PGlite,
    private readonly lib: PgliteModule,
  ) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver() {
    return new PgliteDriver(this.pglite, this.lib);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
