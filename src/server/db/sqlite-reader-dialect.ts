/**
 * SQLite with a reader beside the writer.
 *
 * Kysely's SqliteDriver has one connection behind a mutex, held from a transaction's begin to its
 * end. While an import (100,000 rows: seconds; 1,000,000: minutes) or a migration apply was
 * running, every other request of every user waited for it: another mandant's calculations list
 * answered after 4.5 s during a 50,000-row import (measured). In WAL mode a second connection reads
 * the last committed state while the writer works. So a statement outside a transaction that
 * SQLite itself calls read-only (sqlite3_stmt_readonly) runs on the reader and never waits;
 * everything else — writes, and every statement of a transaction, reads included, so that a
 * transaction sees its own writes — runs on the one writer, in turn, exactly as before.
 *
 * A read sees what was committed when it ran: a request that wrote (and so committed) before it
 * reads sees its own write. An in-memory database has no second connection: all goes to the writer.
 */
import type SQLite from 'better-sqlite3';
import {
  RawNode,
  SelectQueryNode,
  SqliteDialect,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/** Statements SQLite calls read-only that must still reach the writer: transaction control and settings. */
const WRITER_ONLY = /^\s*(begin|commit|end|rollback|savepoint|release|pragma)\b/i;

/** Runs statements on the read-only connection (the same result shapes as Kysely's SQLite connection). */
class Reader {
  constructor(private readonly sqlite: SQLite.Database) {}

  /**
   * The prepared statement if it only reads; null if it belongs on the writer. Built inserts, updates,
   * deletes and schema changes go to the writer without being prepared here first: only selects and
   * raw SQL can be reads, and a write prepared on this connection too would be compiled twice.
   */
  statementFor(query: CompiledQuery): SQLite.Statement | null {
    if (!SelectQueryNode.is(query.query) && !RawNode.is(query.query)) return null;
    if (WRITER_ONLY.test(query.sql)) return null;
    const statement = this.sqlite.prepare(query.sql);
    return statement.readonly && statement.reader ? statement : null;
  }

  execute(statement: SQLite.Statement, query: CompiledQuery): QueryResult<unknown> {
    return { rows: statement.all(query.parameters) };
  }

  async *stream(statement: SQLite.Statement, query: CompiledQuery): AsyncIterableIterator<QueryResult<unknown>> {
    for (const row of statement.iterate(query.parameters)) yield { rows: [row] };
  }

  close(): void {
    this.sqlite.close();
  }
}

/** What Kysely holds for one query or one transaction: the writer only once something needs it. */
class RoutedConnection implements DatabaseConnection {
  private writer: DatabaseConnection | null = null;

  constructor(
    private readonly writers: Driver,
    private readonly reader: Reader,
  ) {}

  async claimWriter(): Promise<DatabaseConnection> {
    this.writer ??= await this.writers.acquireConnection();
    return this.writer;
  }

  async release(): Promise<void> {
    if (!this.writer) return;
    const writer = this.writer;
    this.writer = null;
    await this.writers.releaseConnection(writer);
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.writer ? null : this.reader.statementFor(query);
    if (statement) return this.reader.execute(statement, query) as QueryResult<R>;
    return (await this.claimWriter()).executeQuery<R>(query);
  }

  /** Only built select queries stream, on either connection: Kysely's own SQLite connection refuses the others. */
  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    const statement = this.writer || !SelectQueryNode.is(query.query) ? null : this.reader.statementFor(query);
    if (statement) yield* this.reader.stream(statement, query) as AsyncIterableIterator<QueryResult<R>>;
    else yield* (await this.claimWriter()).streamQuery<R>(query, chunkSize);
  }
}

class ReaderWriterDriver implements Driver {
  constructor(
    private readonly writers: Driver,
    private readonly reader: Reader,
  ) {}

  init(): Promise<void> {
    return this.writers.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this.writers, this.reader);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await this.writers.beginTransaction(await (connection as RoutedConnection).claimWriter(), settings);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.writers.commitTransaction(await (connection as RoutedConnection).claimWriter());
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.writers.rollbackTransaction(await (connection as RoutedConnection).claimWriter());
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.writers.savepoint!(await (connection as RoutedConnection).claimWriter(), name, compile);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.writers.rollbackToSavepoint!(await (connection as RoutedConnection).claimWriter(), name, compile);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.writers.releaseSavepoint!(await (connection as RoutedConnection).claimWriter(), name, compile);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return (connection as RoutedConnection).release();
  }

  async destroy(): Promise<void> {
    this.reader.close();
    await this.writers.destroy();
  }
}

export class SqliteReaderWriterDialect extends SqliteDialect {
  constructor(
    writer: SQLite.Database,
    private readonly reader: SQLite.Database | null,
  ) {
    super({ database: writer });
  }

  override createDriver(): Driver {
    const writers = super.createDriver();
    return this.reader ? new ReaderWriterDriver(writers, new Reader(this.reader)) : writers;
  }
}
