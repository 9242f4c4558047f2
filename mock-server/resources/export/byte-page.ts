// A page of bytes filled from strings, grown as needed and reused once its reader is done with it:
// encoding short strings one after another into one buffer is far cheaper than joining them into
// one long string first, and reuse keeps the export from churning through a buffer per page.
export class BytePage {
  private buffer: Buffer;
  private filled = 0;

  constructor(capacity = 1 << 20) {
    this.buffer = Buffer.allocUnsafe(capacity);
  }

  append(text: string): void {
    // UTF-8 takes at most 3 bytes per UTF-16 code unit.
    const room = text.length * 3;
    if (this.buffer.length - this.filled < room) {
      const larger = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.filled + room));
      this.buffer.copy(larger, 0, 0, this.filled);
      this.buffer = larger;
    }
    this.filled += this.buffer.write(text, this.filled, "utf8");
  }

  /** The bytes written so far; valid until the next clear(). */
  bytes(): Buffer {
    return this.buffer.subarray(0, this.filled);
  }

  clear(): void {
    this.filled = 0;
  }
}
