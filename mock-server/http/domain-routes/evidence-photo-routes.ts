// The calls of evidence photos: upload (multipart/form-data: evidence_id and up to
// PHOTOS_PER_UPLOAD image files of at most 5 MiB each), list with each photo's SHA-256, and the image
// itself (read with the Token header like every other call). Multipart is registered in this
// scope only: every other call still takes JSON and answers 415 to anything else.
import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { callRoute, RouteTable } from "../route-table";
import { envelopeSchema } from "../../envelope";
import { CALLS } from "../../../schema/contract/calls";
import { invalid } from "../../refusals";
import { message } from "../../../schema/contract/messages";
import { actorOf } from "../../resources/stamps";
import { EVIDENCES } from "../../domain/evidence/capture-evidence";
import {
  createPhotoTable,
  PHOTO_MAX_BYTES,
  PHOTOS_PER_UPLOAD,
  photoData,
  photosOf,
  storePhotos,
  type PhotoFile,
} from "../../domain/evidence/evidence-photos";

export async function registerEvidencePhotoRoutes(ctx: AppContext, app: FastifyInstance): Promise<void> {
  const evidences = ctx.catalog.find(EVIDENCES);
  if (!evidences?.byName.has("photo_count")) return;
  await createPhotoTable(ctx.store);
  const writers = [...(evidences.resource.writeRoles.create ?? []), ...(evidences.resource.writeRoles.edit ?? [])];
  const readers = evidences.resource.readRoles;
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: PHOTO_MAX_BYTES, files: PHOTOS_PER_UPLOAD, fields: 5, fieldSize: 100 },
    });
    // The contract's input names the form's fields; the body is multipart, so no JSON schema checks it.
    const { endpoint, owner, summary, access } = callRoute(CALLS.evidencePhotoUpload, { roles: writers });
    new RouteTable(scope).add({
      endpoint,
      owner,
      summary,
      access,
      tags: [EVIDENCES],
      response: envelopeSchema(CALLS.evidencePhotoUpload.data),
      handler: async (request) => {
        if (!request.isMultipart()) throw invalid("body", message("logistics.evidence.notMultipart"));
        let evidenceId: number | undefined;
        const files: PhotoFile[] = [];
        for await (const part of request.parts()) {
          if (part.type === "file") {
            const data = await part.toBuffer();
            if (part.file.truncated)
              throw invalid(
                "file",
                message("logistics.evidence.photoTooLarge", {
                  file: part.filename,
                  limit: PHOTO_MAX_BYTES / 1024 / 1024,
                }),
              );
            files.push({ fileName: part.filename || "photo", data });
          } else if (part.fieldname === "evidence_id") evidenceId = Number(part.value);
        }
        if (!Number.isInteger(evidenceId) || evidenceId! < 1)
          throw invalid("evidence_id", message("logistics.evidence.badId"));
        return await storePhotos(ctx, evidenceId!, files, (await actorOf(ctx, request)).account);
      },
    });
  });
  const routes = new RouteTable(app);
  routes.add({
    ...callRoute(CALLS.evidencePhotos, { roles: readers }),
    response: envelopeSchema(CALLS.evidencePhotos.data),
    tags: [EVIDENCES],
    handler: async (_request, input) => await photosOf(ctx, input.evidence_id as number),
  });
  routes.add({
    // The token comes in the Token header like every other call's: the console reads the photo
    // with it and shows it from a blob URL, so no token is ever written into an address.
    ...callRoute(CALLS.evidencePhoto, { roles: readers }),
    tags: [EVIDENCES],
    handler: async (_request, input, reply) => {
      const photo = await photoData(ctx, input.id as number);
      reply.hijack();
      reply.raw.writeHead(200, {
        "content-type": photo.content_type,
        "content-length": String(photo.data.length),
        "cache-control": "private, max-age=3600",
        "x-content-type-options": "nosniff",
      });
      reply.raw.end(photo.data);
    },
  });
}
