// One holder at a time, the others in arrival order: the SQLite engine's single connection is
// held by a transaction from BEGIN to COMMIT, across its awaits, so no other request's statement
// runs inside it. Entering a free turnstile costs nothing but the promise.
import { SerializationFailure } from "./database-errors";

export class Turnstile {
  private held = false;
  private readonly waiting: (() => void)[] = [];

  /**
   * @param waitMs how long a caller waits before it is refused. A caller that waits for itself (a
   *   statement on the engine inside the engine's own transaction) would otherwise wait forever;
   *   SQLite's busy_timeout makes the same trade for another process's lock.
   */
  constructor(private readonly waitMs: number) {}

  get busy(): boolean {
    return this.held;
  }

  /** Resolves once the caller holds the turnstile; `leave()` hands it on. */
  enter(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const admit = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(admit), 1);
        reject(
          new SerializationFailure(
            `Waited ${this.waitMs} ms for the database, held by a transaction all along ` +
              "(a statement on the engine inside engine.transaction waits for itself: use the transaction's handle)",
          ),
        );
      }, this.waitMs);
      this.waiting.push(admit);
    });
  }

  leave(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
  }
}
