// The ZIP container read back by hand (APPNOTE 4.3.7, 4.3.12, 4.3.16): every part is found through
// the central directory, its local header agrees, and its bytes inflate to what was written with the
// CRC the directory gives.
import { PassThrough, Writable } from "node:stream";
import { crc32, inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { zipWriter } from "./zip-writer";

interface Part {
  name: string;
  method: number;
  crc: number;
  data: Buffer;
}

function readZip(zip: Buffer): Part[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBe(zip.length - 22);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  expect(at + zip.readUInt32LE(end + 12)).toBe(end);
  const parts: Part[] = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    expect(zip.subarray(local + 30, local + 30 + nameLength).toString("utf8")).toBe(name);
    const start = local + 30 + nameLength + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + compressed);
    const data = method === 8 ? inflateRawSync(raw) : Buffer.from(raw);
    expect(data.length).toBe(size);
    if (zip.readUInt16LE(local + 6) & 0x0008) {
      expect(zip.readUInt32LE(start + compressed)).toBe(0x08074b50);
      expect([
        zip.readUInt32LE(start + compressed + 4),
        zip.readUInt32LE(start + compressed + 8),
        zip.readUInt32LE(start + compressed + 12),
      ]).toEqual([crc, compressed, size]);
    }
    parts.push({ name, method, crc, data });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return parts;
}

async function collect(write: (out: Writable) => Promise<void>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (chunk: Buffer) => chunks.push(chunk));
  await write(out);
  return Buffer.concat(chunks);
}

describe("a streamed ZIP container", () => {
  it("holds stored parts and a deflated part written in pieces, each with its CRC and sizes", async () => {
    const pieces = Array.from({ length: 50 }, (_, i) =>
      Buffer.from(`<row r="${i}">${"茶 & tea ".repeat(i * 40)}</row>`),
    );
    let consumed = 0;
    const zip = await collect(async (out) => {
      const writer = zipWriter(out, new Date("2024-06-01T08:00:00Z"));
      writer.store("[Content_Types].xml", Buffer.from("<Types/>"));
      writer.store("_rels/.rels", Buffer.alloc(0));
      const sheet = writer.deflate("xl/worksheets/sheet1.xml", 1);
      for (const piece of pieces) await sheet.write(piece, () => (consumed += 1));
      await sheet.end();
      await writer.end();
    });
    const parts = readZip(zip);
    expect(parts.map((part) => [part.name, part.method])).toEqual([
      ["[Content_Types].xml", 0],
      ["_rels/.rels", 0],
      ["xl/worksheets/sheet1.xml", 8],
    ]);
    expect(parts[0].data.toString()).toBe("<Types/>");
    const sheet = parts[2];
    expect(sheet.data.equals(Buffer.concat(pieces))).toBe(true);
    expect(sheet.crc).toBe(crc32(sheet.data));
    expect(consumed).toBe(pieces.length);
    expect(zip.length).toBeLessThan(sheet.data.length);
  });

  it("refuses a second part while one is being deflated", () => {
    const writer = zipWriter(new PassThrough(), new Date());
    writer.deflate("a.xml", 1);
    expect(() => writer.store("b.xml", Buffer.alloc(1))).toThrow(/another part/);
  });

  it("holds back its writer while the reader is slow, and lets go when the reader goes away", async () => {
    // A reader that never reads: what the deflater makes stays queued in the output.
    const out = new Writable({ highWaterMark: 1024, write: () => undefined });
    const sheet = zipWriter(out, new Date()).deflate("xl/worksheets/sheet1.xml", 0);
    const piece = Buffer.alloc(1 << 20, "x");
    let written = 0;
    const writing = (async () => {
      for (let i = 0; i < 64; i++) {
        await sheet.write(piece);
        written += 1;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(written).toBeLessThan(10);
    out.destroy();
    await writing;
    await sheet.end();
    expect(written).toBe(64);
  });
});
