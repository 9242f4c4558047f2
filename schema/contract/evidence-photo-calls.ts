// An evidence record's photos: list them with each one's SHA-256, upload more to a
// draft (multipart/form-data: evidence_id and the files, as @fastify/multipart reads them), and read
// one as its image. Joined into CALLS (calls.ts); the manifest's evidences `gallery` names them, so
// the console's gallery and the typed clients make the same calls.
import type { CallContract } from "./call-contract";

const photo = {
  type: "object",
  additionalProperties: false,
  required: ["id", "file_name", "content_type", "size", "sha256", "uploaded_by", "uploaded_at"],
  properties: {
    id: { type: "integer" },
    file_name: { type: "string" },
    content_type: { type: "string" },
    size: { type: "integer" },
    /** Hex SHA-256 of the stored bytes: the photo as it was uploaded. */
    sha256: { type: "string", pattern: "^[0-9a-f]{64}$" },
    uploaded_by: { type: ["string", "null"] },
    uploaded_at: { type: "string" },
  },
} as const;
const evidenceId = {
  type: "object",
  additionalProperties: false,
  required: ["evidence_id"],
  properties: { evidence_id: { type: "integer", minimum: 1 } },
} as const;

export const EVIDENCE_PHOTO_CALLS = {
  evidencePhotos: {
    endpoint: { method: "GET", path: "/api/inspect/evidences/photos" },
    owner: "evidences.photos.list",
    access: "granted",
    summary: "An evidence record's photos: name, type, size, SHA-256, who uploaded it and when",
    input: evidenceId,
    data: { type: "array", items: photo },
  },
  evidencePhotoUpload: {
    endpoint: { method: "POST", path: "/api/inspect/evidences/photos" },
    owner: "evidences.photos.upload",
    access: "granted",
    summary:
      "Upload photos of a draft evidence record (multipart: evidence_id, files); each is stored with its SHA-256, all or none",
    body: "multipart",
    input: evidenceId,
    data: { type: "array", items: photo },
  },
  evidencePhoto: {
    endpoint: { method: "GET", path: "/api/inspect/evidences/photo" },
    owner: "evidences.photos.read",
    access: "granted",
    summary: "One evidence photo, as the image",
    answer: "file",
    input: {
      type: "object",
      additionalProperties: false,
      required: ["id"],
      properties: { id: { type: "integer", minimum: 1 } },
    },
    data: { description: "The photo's bytes, with its content type (JPEG, PNG or WebP)" },
  },
} as const satisfies Readonly<Record<string, CallContract>>;
