// Password hashing is the one costly thing an anonymous caller can make the server do. The gate
// keeps a small fixed number of hashes in flight and a short queue; beyond it an attempt is
// refused at once, so a flood of sign-ins from any number of addresses costs the rest of the
// server at most those few hashes. An attempt from a source that has not been failing is queued
// ahead of the others and, when the queue is full, takes the place of the newest of them.

export class GateFull extends Error {
  constructor() {
    super("sign-in hashing is at capacity");
  }
}

interface Waiter {
  readonly start: () => void;
  readonly refuse: (error: GateFull) => void;
  readonly priority: boolean;
}

export class HashGate {
  private inFlight = 0;
  private readonly queue: Waiter[] = [];

  constructor(
    readonly maxInFlight: number,
    readonly maxQueued: number,
  ) {}

  /** Run work when a place is free; rejects with GateFull when the queue is full. */
  async run<T>(work: () => Promise<T>, options: { priority: boolean }): Promise<T> {
    await this.enter(options.priority);
    try {
      return await work();
    } finally {
      this.leave();
    }
  }

  get queued(): number {
    return this.queue.length;
  }

  private enter(priority: boolean): Promise<void> {
    if (this.inFlight < this.maxInFlight) {
      this.inFlight += 1;
      return Promise.resolve();
    }
    if (this.queue.length >= this.maxQueued) {
      const newestOrdinary = priority ? this.queue.findLastIndex((waiter) => !waiter.priority) : -1;
      if (newestOrdinary < 0) return Promise.reject(new GateFull());
      const [evicted] = this.queue.splice(newestOrdinary, 1);
      evicted.refuse(new GateFull());
    }
    return new Promise<void>((start, refuse) => {
      const waiter: Waiter = { start, refuse, priority };
      const firstOrdinary = priority ? this.queue.findIndex((other) => !other.priority) : -1;
      if (firstOrdinary < 0) this.queue.push(waiter);
      else this.queue.splice(firstOrdinary, 0, waiter);
    });
  }

  private leave(): void {
    const next = this.queue.shift();
    if (next) next.start();
    else this.inFlight -= 1;
  }
}
