// A minimal ZIP container written straight to a stream (PKWARE APPNOTE 4.3): small parts stored as
// they are, one large part deflated as it streams, its CRC and sizes given after it in a data
// descriptor, then the central directory. Enough for an XLSX export, and faster than a library: the
// deflate runs on libuv's threadpool (zlib's async stream), the CRC in native code (zlib.crc32), and
// every write heeds backpressure, so a slow reader holds the rows back instead of filling memory.
// No ZIP64: a part or offset past 4 GiB fails the export rather than write a file no one can open.
import type { Writable } from "node:stream";
import { once } from "node:events";
import { crc32, createDeflateRaw } from "node:zlib";

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const VERSION = 20; // 2.0: deflate, data descriptors
const STORED = 0;
const DEFLATED = 8;
const SIZES_FOLLOW = 0x0008; // general purpose bit 3: CRC and sizes are in the data descriptor
const MAX_32 = 0xffffffff;
// How much may wait to be deflated, and to be sent, before the writer waits: enough that the rows of
// the next page are written while the threadpool deflates this one.
const HIGH_WATER = 2 << 20;

interface Entry {
  name: Buffer;
  flags: number;
  method: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

export interface ZipEntryStream {
  /** Adds bytes to the part; `consumed` is called once the deflater is done with them (they may be
   * reused then). Resolves when the deflater can take more, or the reader went away. */
  write(data: Buffer, consumed?: () => void): Promise<void>;
  end(): Promise<void>;
}

export interface ZipWriter {
  store(name: string, data: Buffer): void;
  /** Opens a deflated part; write nothing else until its end() resolves. */
  deflate(name: string, level: number): ZipEntryStream;
  /** Writes the central directory and ends the output. */
  end(): Promise<void>;
}

function dosDateTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
    date: ((Math.max(at.getUTCFullYear(), 1980) - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

function within32(value: number, what: string): number {
  if (value > MAX_32) throw new Error(`zip: ${what} is past 4 GiB, which needs ZIP64`);
  return value;
}

/** Resolves on the deflater's 'drain', or when it or the output closes (nothing will drain then). */
function drainedOrClosed(deflater: Writable, out: Writable): Promise<void> {
  if (out.destroyed || deflater.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      deflater.off("drain", done).off("close", done);
      out.off("close", done);
      resolve();
    };
    deflater.on("drain", done).on("close", done);
    out.on("close", done);
  });
}

export function zipWriter(out: Writable, modified: Date): ZipWriter {
  const { time, date } = dosDateTime(modified);
  const entries: Entry[] = [];
  let offset = 0;
  let open = false;

  const put = (bytes: Buffer): boolean => {
    offset += bytes.length;
    return out.write(bytes);
  };

  const localHeader = (entry: Entry): void => {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL_HEADER, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(entry.flags, 6);
    header.writeUInt16LE(entry.method, 8);
    header.writeUInt16LE(time, 10);
    header.writeUInt16LE(date, 12);
    header.writeUInt32LE(entry.crc, 14);
    header.writeUInt32LE(entry.compressed, 18);
    header.writeUInt32LE(entry.size, 22);
    header.writeUInt16LE(entry.name.length, 26);
    put(header);
    put(entry.name);
  };

  const begin = (name: string, flags: number, method: number): Entry => {
    if (open) throw new Error(`zip: ${name} started while another part is still being written`);
    return {
      name: Buffer.from(name, "utf8"),
      flags,
      method,
      crc: 0,
      compressed: 0,
      size: 0,
      offset: within32(offset, "an offset"),
    };
  };

  return {
    store(name, data) {
      const entry = begin(name, 0, STORED);
      entry.crc = crc32(data);
      entry.compressed = entry.size = data.length;
      localHeader(entry);
      put(data);
      entries.push(entry);
    },

    deflate(name, level) {
      const entry = begin(name, SIZES_FOLLOW, DEFLATED);
      localHeader(entry);
      open = true;
      const deflater = createDeflateRaw({ level });
      deflater.on("data", (chunk: Buffer) => {
        entry.compressed += chunk.length;
        put(chunk);
        if (out.writableLength > HIGH_WATER && !deflater.isPaused()) {
          deflater.pause();
          out.once("drain", () => deflater.resume());
        }
      });
      // A reader that went away leaves the deflater paused for good: let it go.
      out.once("close", () => deflater.destroy());
      let failure: Error | undefined;
      deflater.on("error", (error) => (failure = error));
      const check = () => {
        if (failure) throw failure;
      };
      return {
        async write(data, consumed) {
          check();
          if (out.destroyed) return;
          entry.size += data.length;
          entry.crc = crc32(data, entry.crc);
          deflater.write(data, consumed && (() => consumed()));
          if (deflater.writableLength > HIGH_WATER) await drainedOrClosed(deflater, out);
        },
        async end() {
          check();
          if (out.destroyed) return;
          // 'close' alone means the reader went away mid-part: there is no file left to finish.
          const ended = Promise.race([once(deflater, "end"), once(deflater, "close")]);
          deflater.end();
          await ended;
          check();
          if (out.destroyed) return;
          const descriptor = Buffer.alloc(16);
          descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
          descriptor.writeUInt32LE(entry.crc, 4);
          descriptor.writeUInt32LE(within32(entry.compressed, `${name} deflated`), 8);
          descriptor.writeUInt32LE(within32(entry.size, name), 12);
          put(descriptor);
          entries.push(entry);
          open = false;
        },
      };
    },

    async end() {
      if (out.destroyed) return;
      const start = within32(offset, "the central directory");
      for (const entry of entries) {
        const header = Buffer.alloc(46);
        header.writeUInt32LE(CENTRAL_HEADER, 0);
        header.writeUInt16LE(VERSION, 4);
        header.writeUInt16LE(VERSION, 6);
        header.writeUInt16LE(entry.flags, 8);
        header.writeUInt16LE(entry.method, 10);
        header.writeUInt16LE(time, 12);
        header.writeUInt16LE(date, 14);
        header.writeUInt32LE(entry.crc, 16);
        header.writeUInt32LE(entry.compressed, 20);
        header.writeUInt32LE(entry.size, 24);
        header.writeUInt16LE(entry.name.length, 28);
        header.writeUInt32LE(entry.offset, 42);
        put(header);
        put(entry.name);
      }
      const end = Buffer.alloc(22);
      end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
      end.writeUInt16LE(entries.length, 8);
      end.writeUInt16LE(entries.length, 10);
      end.writeUInt32LE(within32(offset - start, "the central directory"), 12);
      end.writeUInt32LE(start, 16);
      put(end);
      const finished = once(out, "finish");
      out.end();
      await finished;
    },
  };
}
