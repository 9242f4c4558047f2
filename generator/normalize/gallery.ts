// manifest gallery: a record's files (evidence photos) through contract calls, checked here against
// their declarations in schema/contract/calls.ts — list takes the record's id as its one required
// input, upload sends multipart with that same input, image answers a file by id — so a typo or a
// call of the wrong shape is a problem with its file, line and path, not a gallery that fails.
import type { YamlSource } from "../load/yaml-source";
import type { GalleryModel } from "../model/model";
import type { CallContract } from "../../schema/contract/call-contract";
import { CALLS } from "../../schema/contract/calls";
import type { RawResource } from "../../schema/contract/manifest.gen";
import type { ProblemSink } from "./context";
import { nearest } from "./file-actions";

type Input = { readonly required?: readonly string[]; readonly properties?: Readonly<Record<string, unknown>> };
const requiredOf = (call: CallContract): readonly string[] => (call.input as Input | undefined)?.required ?? [];

export function galleryOf(
  raw: RawResource,
  file: YamlSource,
  fieldNames: ReadonlySet<string>,
  sink: ProblemSink,
): GalleryModel | undefined {
  const gallery = raw.gallery;
  if (!gallery) return undefined;
  const known = CALLS as Readonly<Record<string, CallContract>>;
  const callAt = (role: "list" | "upload" | "image", name: string): CallContract | undefined => {
    const call = known[name];
    if (!call) {
      const near = nearest(name, Object.keys(known));
      sink.add(
        file,
        `/gallery/${role}`,
        `no call '${name}' in schema/contract/calls.ts${near ? `; did you mean '${near}'?` : ""}`,
      );
    }
    return call;
  };
  const list = callAt("list", gallery.list);
  const image = callAt("image", gallery.image);
  const upload = gallery.upload === undefined ? undefined : callAt("upload", gallery.upload);
  const [recordParam, ...more] = list ? requiredOf(list) : [];
  if (list && (list.endpoint.method !== "GET" || list.answer === "file" || !recordParam || more.length))
    sink.add(
      file,
      "/gallery/list",
      `'${gallery.list}' must be a GET answering the list, with the record's id as its one required input`,
    );
  const [imageParam, ...imageMore] = image ? requiredOf(image) : [];
  if (image && (image.answer !== "file" || !imageParam || imageMore.length))
    sink.add(
      file,
      "/gallery/image",
      `'${gallery.image}' must answer a file, with the file's id as its one required input`,
    );
  if (upload && (upload.body !== "multipart" || requiredOf(upload).join() !== recordParam))
    sink.add(
      file,
      "/gallery/upload",
      `'${gallery.upload}' must send multipart (body: multipart) with ${recordParam ?? "the record's id"} as its one required input`,
    );
  for (const field of Object.keys(gallery.uploadWhile ?? {}))
    if (!fieldNames.has(field))
      sink.add(
        file,
        `/gallery/uploadWhile/${field}`,
        `uploadWhile names '${field}', which is not a field of '${raw.name}'`,
      );
  if (!list || !image || (gallery.upload !== undefined && !upload)) return undefined;
  return {
    listPath: list.endpoint.path,
    recordParam: recordParam ?? "id",
    imagePath: image.endpoint.path,
    imageParam: imageParam ?? "id",
    ...(upload ? { uploadPath: upload.endpoint.path } : {}),
    ...(gallery.accept ? { accept: gallery.accept } : {}),
    ...(gallery.uploadWhile ? { uploadWhile: gallery.uploadWhile } : {}),
  };
}
