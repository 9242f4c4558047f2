// The little of RFC 6455 a server that only pushes needs: the handshake's accept key (§4.2.2), text
// frames out (unmasked, §5.2), and reading the client's frames (always masked, §5.3) far enough to
// answer a ping with a pong and a close with a close. A message split over continuation frames is
// not read (a client of a push stream has nothing to say); a frame over 1 MiB from the client, an
// unmasked one or an unknown opcode closes the connection with the status §7.4.1 gives.
import { createHash } from "node:crypto";

const GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
const MAX_CLIENT_FRAME = 1 << 20;

export const OPCODE = { continuation: 0x0, text: 0x1, binary: 0x2, close: 0x8, ping: 0x9, pong: 0xa } as const;

/** The Sec-WebSocket-Accept answering a client's Sec-WebSocket-Key. */
export const acceptKeyOf = (key: string): string =>
  createHash("sha1")
    .update(key + GUID)
    .digest("base64");

/** One final, unmasked frame of `opcode` carrying `payload`. */
export function frameOf(opcode: number, payload: Buffer): Buffer {
  const length = payload.length;
  const head = length < 126 ? Buffer.alloc(2) : length < 0x10000 ? Buffer.alloc(4) : Buffer.alloc(10);
  head[0] = 0x80 | opcode;
  if (length < 126) head[1] = length;
  else if (length < 0x10000) {
    head[1] = 126;
    head.writeUInt16BE(length, 2);
  } else {
    head[1] = 127;
    head.writeBigUInt64BE(BigInt(length), 2);
  }
  return Buffer.concat([head, payload]);
}

export interface Frame {
  readonly opcode: number;
  readonly payload: Buffer;
}

/** A frame the peer may not send: the status code to close with. */
export class FrameRefused extends Error {
  constructor(readonly status: number) {
    super(`websocket frame refused (${status})`);
  }
}

/**
 * Reads whole frames from bytes as they arrive; `masked`: whether frames must be masked (a server
 * reading a client) or must not be (a client reading a server).
 */
export class FrameReader {
  private pending = Buffer.alloc(0);

  constructor(private readonly masked: boolean) {}

  /** The frames `chunk` completes; bytes of a frame not yet whole are kept for the next chunk. */
  push(chunk: Buffer): Frame[] {
    this.pending = Buffer.concat([this.pending, chunk]);
    const frames: Frame[] = [];
    for (;;) {
      const frame = this.next();
      if (!frame) return frames;
      frames.push(frame);
    }
  }

  private next(): Frame | undefined {
    const bytes = this.pending;
    if (bytes.length < 2) return undefined;
    const opcode = bytes[0] & 0x0f;
    const isMasked = (bytes[1] & 0x80) !== 0;
    if (isMasked !== this.masked || !Object.values(OPCODE).includes(opcode as never)) throw new FrameRefused(1002);
    let length = bytes[1] & 0x7f;
    let offset = 2;
    if (length === 126) {
      if (bytes.length < 4) return undefined;
      length = bytes.readUInt16BE(2);
      offset = 4;
    } else if (length === 127) {
      if (bytes.length < 10) return undefined;
      const long = bytes.readBigUInt64BE(2);
      if (long > BigInt(MAX_CLIENT_FRAME)) throw new FrameRefused(1009);
      length = Number(long);
      offset = 10;
    }
    if (length > MAX_CLIENT_FRAME) throw new FrameRefused(1009);
    const maskLength = isMasked ? 4 : 0;
    if (bytes.length < offset + maskLength + length) return undefined;
    const mask = bytes.subarray(offset, offset + maskLength);
    const payload = Buffer.from(bytes.subarray(offset + maskLength, offset + maskLength + length));
    if (isMasked) for (let i = 0; i < payload.length; i += 1) payload[i] ^= mask[i % 4];
    this.pending = bytes.subarray(offset + maskLength + length);
    return { opcode, payload };
  }
}
