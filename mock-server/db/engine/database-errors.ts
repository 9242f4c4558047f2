// The failures code can act on, the same on both engines: a unique or foreign-key violation (the
// rule refuses with its own message), a serialization failure (run the unit of work again:
// `retrying`), the database being out of reach (the HTTP layer answers 503), and a transaction
// that a failed statement has spoiled. Any other error is a bug and passes through unchanged.

export type DatabaseFailure = "unique" | "foreign-key" | "serialization" | "unavailable" | "aborted";

export class DatabaseError extends Error {
  constructor(
    readonly failure: DatabaseFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A constraint broken by a write; table and columns as far as the engine tells them. */
export class ConstraintViolation extends DatabaseError {
  constructor(
    failure: "unique" | "foreign-key",
    message: string,
    readonly table: string | undefined,
    readonly columns: readonly string[],
    options?: { cause?: unknown },
  ) {
    super(failure, message, options);
  }
}

/** Two writes claimed the same unique value (a business number, a code): one of them wins. */
export class UniqueViolation extends ConstraintViolation {
  constructor(message: string, table: string | undefined, columns: readonly string[], options?: { cause?: unknown }) {
    super("unique", message, table, columns, options);
  }
}

export class ForeignKeyViolation extends ConstraintViolation {
  constructor(message: string, table: string | undefined, columns: readonly string[], options?: { cause?: unknown }) {
    super("foreign-key", message, table, columns, options);
  }
}

/** The transaction lost a race with another (PostgreSQL serializable, a deadlock, SQLite busy): run it again. */
export class SerializationFailure extends DatabaseError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("serialization", message, options);
  }
}

/** The database cannot be reached (stopped, restarting, connection lost): answer 503 and try later. */
export class DatabaseUnavailable extends DatabaseError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("unavailable", message, options);
  }
}

/**
 * A statement failed inside a transaction and the transaction went on without a savepoint.
 * PostgreSQL refuses every later statement of such a transaction, so the SQLite engine refuses them
 * too: a statement that may fail and be caught runs in its own `tx.transaction(…)`.
 */
export class TransactionAborted extends DatabaseError {
  constructor(options?: { cause?: unknown }) {
    super(
      "aborted",
      "A statement failed earlier in this transaction: catch a failing statement inside its own tx.transaction(…)",
      options,
    );
  }
}

interface DriverError {
  readonly code?: string;
  readonly message?: string;
  readonly table?: string;
  readonly constraint?: string;
  readonly detail?: string;
}

/** better-sqlite3's SqliteError as one of the failures above, or the error itself. */
export function fromSqliteError(error: unknown): unknown {
  if (error instanceof DatabaseError) return error;
  const { code = "", message = "" } = (error ?? {}) as DriverError;
  // Errors thrown by a transaction's work pass through here too: a refusal's code is a number.
  if (typeof code !== "string") return error;
  if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") {
    // "UNIQUE constraint failed: table.a, table.b"
    const names = /constraint failed: (.*)$/.exec(message)?.[1].split(", ") ?? [];
    const table = names[0]?.includes(".") ? names[0].split(".")[0] : undefined;
    const columns = names.filter((name) => name.includes(".")).map((name) => name.split(".")[1]);
    return new UniqueViolation(message, table, columns, { cause: error });
  }
  if (code === "SQLITE_CONSTRAINT_FOREIGNKEY") return new ForeignKeyViolation(message, undefined, [], { cause: error });
  if (code === "SQLITE_BUSY" || code.startsWith("SQLITE_BUSY_"))
    return new SerializationFailure(message, { cause: error });
  if (code === "SQLITE_CANTOPEN" || /database connection is not open/.test(message))
    return new DatabaseUnavailable(message, { cause: error });
  return error;
}

/** Socket errors from Node while connecting or talking to the server. */
const UNREACHABLE = new Set(["ECONNREFUSED", "ECONNRESET", "ENOENT", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENOTCONN"]);
/** pg's own errors for a connection that went away (they carry no code). */
const LOST =
  /Connection terminated|connection is not queryable|not queryable|timeout exceeded when trying to connect|Connection closed/i;

/** A pg (node-postgres) error as one of the failures above, or the error itself. */
export function fromPostgresError(error: unknown): unknown {
  if (error instanceof DatabaseError) return error;
  const { code = "", message = "", table, detail } = (error ?? {}) as DriverError;
  if (typeof code !== "string") return error; // a refusal thrown by a transaction's work
  // "Key (a, b)=(1, 2) already exists." / "Key (a)=(1) is not present in table "t"."
  const columns = /^Key \(([^)]*)\)=/.exec(detail ?? "")?.[1].split(", ") ?? [];
  switch (code) {
    case "23505":
      return new UniqueViolation(message, table, columns, { cause: error });
    case "23503":
      return new ForeignKeyViolation(message, table, columns, { cause: error });
    case "40001": // serialization_failure
    case "40P01": // deadlock_detected
      return new SerializationFailure(message, { cause: error });
    case "25P02": // in_failed_sql_transaction
      return new TransactionAborted({ cause: error });
    case "57P01": // admin_shutdown
    case "57P02": // crash_shutdown
    case "57P03": // cannot_connect_now
      return new DatabaseUnavailable(message, { cause: error });
  }
  if (code.startsWith("08") || UNREACHABLE.has(code) || (!code && LOST.test(message)))
    return new DatabaseUnavailable(message, { cause: error });
  return error;
}

export interface RetryOptions {
  /** Runs in all, the first included. */
  readonly attempts?: number;
  /** The longest pause before a run, in ms; each pause is random up to a bound that doubles from 2 ms. */
  readonly maxDelayMs?: number;
}

/**
 * Runs a whole unit of work again while it fails with a SerializationFailure: the transaction it
 * lost to has committed by then, and the next run reads what that one wrote. Give it the whole
 * `engine.transaction(…)`, never a statement inside one.
 */
export async function retrying<T>(work: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 8;
  const maxDelayMs = options.maxDelayMs ?? 100;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof SerializationFailure) || attempt >= attempts) throw error;
      const bound = Math.min(maxDelayMs, 2 ** attempt);
      await new Promise((done) => setTimeout(done, Math.random() * bound));
    }
  }
}
