// An evidence record's photos, kept in the database beside their SHA-256, size,
// type and uploader. Uploads are refused once the evidence is submitted, and anything that is not a
// JPEG, PNG or WebP image by its first bytes (the declared type is not trusted).
import { createHash } from "node:crypto";
import type { ChainContext } from "../chain-context";
import type { Store } from "../../db/store";
import { conflict, invalid, notFound } from "../refusal";
import { message } from "../../../schema/contract/messages";
import { EVIDENCES } from "./capture-evidence";

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTOS_PER_UPLOAD = 5;

export async function createPhotoTable(store: Store): Promise<void> {
  await store.exec(`
    CREATE TABLE IF NOT EXISTS _evidence_photos (
      id INTEGER PRIMARY KEY AUTOINCREMENT, evidence_id INTEGER NOT NULL, file_name TEXT NOT NULL,
      content_type TEXT NOT NULL, size INTEGER NOT NULL, sha256 TEXT NOT NULL, data BLOB NOT NULL,
      uploaded_by TEXT, uploaded_at TIMESTAMPTZ NOT NULL
    );
    CREATE INDEX IF NOT EXISTS _evidence_photos_evidence ON _evidence_photos (evidence_id);`);
}

/** The image type by its first bytes, or undefined. */
export function imageTypeOf(data: Buffer): string | undefined {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "image/jpeg";
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "image/png";
  if (
    data.length >= 12 &&
    data.subarray(0, 4).toString("latin1") === "RIFF" &&
    data.subarray(8, 12).toString("latin1") === "WEBP"
  )
    return "image/webp";
  return undefined;
}

export async function photoCount(ctx: ChainContext, evidenceId: number): Promise<number> {
  const row = await ctx.store.get<{ n: number }>(`SELECT count(*) AS n FROM _evidence_photos WHERE evidence_id = ?`, [
    evidenceId,
  ]);
  return row!.n;
}

export interface PhotoFile {
  readonly fileName: string;
  readonly data: Buffer;
}

export interface StoredPhoto {
  readonly id: number;
  readonly file_name: string;
  readonly content_type: string;
  readonly size: number;
  readonly sha256: string;
  readonly uploaded_by: string | null;
  readonly uploaded_at: string;
}

async function draftEvidence(ctx: ChainContext, evidenceId: number): Promise<Record<string, unknown>> {
  const info = ctx.catalog.info(EVIDENCES);
  const row = await ctx.records.row(info, evidenceId);
  if (!row) throw notFound(message("logistics.evidence.missing", { id: evidenceId }));
  if (row.status === "submitted")
    throw conflict("evidence_id", message("logistics.evidence.submitted", { evidence_no: String(row.evidence_no) }));
  return row;
}

/** Stores every file or none: one bad file refuses the upload with its name and reason. */
export async function storePhotos(
  ctx: ChainContext,
  evidenceId: number,
  files: readonly PhotoFile[],
  uploadedBy: string | null,
): Promise<StoredPhoto[]> {
  if (!files.length) throw invalid("file", message("logistics.evidence.noFile"));
  const typed = files.map((file) => {
    const type = imageTypeOf(file.data);
    if (!type) throw invalid("file", message("logistics.evidence.notImage", { file: file.fileName }));
    return { ...file, type };
  });
  return await ctx.store.transaction(async () => {
    await draftEvidence(ctx, evidenceId);
    const now = ctx.records.now();
    const stored: StoredPhoto[] = [];
    for (const file of typed) {
      const sha256 = createHash("sha256").update(file.data).digest("hex");
      const id = await ctx.store.insert(
        `INSERT INTO _evidence_photos (evidence_id, file_name, content_type, size, sha256, data, uploaded_by, uploaded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        [evidenceId, file.fileName, file.type, file.data.length, sha256, file.data, uploadedBy, now],
      );
      stored.push({
        id,
        file_name: file.fileName,
        content_type: file.type,
        size: file.data.length,
        sha256,
        uploaded_by: uploadedBy,
        uploaded_at: now,
      });
    }
    await ctx.store.run(`UPDATE "${EVIDENCES}" SET "photo_count" = ? WHERE "id" = ?`, [
      await photoCount(ctx, evidenceId),
      evidenceId,
    ]);
    ctx.store.bump(EVIDENCES, 0);
    return stored;
  });
}

export async function photosOf(ctx: ChainContext, evidenceId: number): Promise<StoredPhoto[]> {
  return ctx.store.all<StoredPhoto>(
    `SELECT id, file_name, content_type, size, sha256, uploaded_by, uploaded_at FROM _evidence_photos WHERE evidence_id = ? ORDER BY id`,
    [evidenceId],
  );
}

export async function photoData(
  ctx: ChainContext,
  id: number,
): Promise<{ content_type: string; data: Buffer; file_name: string }> {
  const row = await ctx.store.get<{ content_type: string; data: Buffer; file_name: string }>(
    `SELECT content_type, data, file_name FROM _evidence_photos WHERE id = ?`,
    [id],
  );
  if (!row) throw notFound(message("logistics.evidence.photoMissing", { id }));
  return row;
}
