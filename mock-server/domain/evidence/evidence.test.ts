// Evidence takes a frozen snapshot of the scanned code's chain at capture, photos
// with their SHA-256, and after submission is read-only but for appended remarks. Every refusal
// leaves the data as it was.
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { draftWaybill, logisticsStock, type Stock } from "../../test-fixtures/logistics-stock";
import { dealerRegionCodes } from "../logistics/authorise-region";

let chain: ChainApp;
let s: Stock;
let shippedItem: string;
let waybillNo: string;

// The smallest valid PNG (1×1), and a JPEG's first bytes.
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f5d1d90000000049454e44ae426082",
  "hex",
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]);

function multipart(fields: Record<string, string>, files: { name: string; type: string; data: Buffer }[]) {
  const boundary = "----evidence-test";
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const file of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

let token: string;
async function upload(evidenceId: number, files: { name: string; type: string; data: Buffer }[]) {
  const body = multipart({ evidence_id: String(evidenceId) }, files);
  const response = await chain.app.inject({
    method: "POST",
    url: "/api/inspect/evidences/photos",
    headers: { ...body.headers, token },
    payload: body.payload,
  });
  return response.json<{
    status_code: number;
    message: string;
    data: { id: number; sha256: string; size: number }[];
  }>();
}

const evidenceRow = async (id: number) => (await chain.all(`SELECT * FROM evidences WHERE id = ?`, [id]))[0];
const photoRows = async () => await chain.all(`SELECT id, evidence_id, sha256, size FROM _evidence_photos ORDER BY id`);

let inspectionId: number;
let serial = 0;
async function capture(code: string | undefined) {
  serial += 1;
  return chain.post("/api/inspect/evidences/add", {
    evidence_no: `EV-T${serial}`,
    inspection_id: inspectionId,
    evidence_type: "photo",
    code,
    store_name: "城东便利店",
    store_address: "杭州市上城区解放路 1 号",
    price: 39.5,
    conclusion: "cross_region",
    collected_by: "稽查员甲",
    collected_at: "2024-06-01T09:00:00Z",
  });
}

beforeAll(async () => {
  chain = await chainApp();
  s = await logisticsStock(chain);
  const { login } = await import("../../test-fixtures/test-app");
  token = await login(chain.app, "admin");
  const waybill = await draftWaybill(chain, s, s.dealers[0]);
  expect((await chain.post("/api/physical/waybillcodes/add", { waybill_id: waybill.id, code: s.C[1] })).code).toBe(0);
  expect((await chain.post("/api/physical/waybills/ship", { id: waybill.id })).code).toBe(0);
  // Case 1 holds box 2, which holds item 6.
  shippedItem = s.I[6]!;
  waybillNo = waybill.no;
  inspectionId = (await chain.all(`SELECT id FROM inspections ORDER BY id LIMIT 1`))[0].id as number;
});

describe("evidence capture", () => {
  it("freezes the code's chain at capture: dealer, authorised regions, waybill, ship time", async () => {
    const body = await capture(shippedItem);
    expect(body.code, body.message).toBe(0);
    const dealer = (await chain.all(`SELECT dealer_name, region_code FROM dealers WHERE id = ?`, [s.dealers[0]]))[0];
    const shippedAt = (await chain.all(`SELECT shipped_at FROM trace_codes WHERE code = ?`, [shippedItem]))[0]
      .shipped_at;
    expect(await evidenceRow(body.data.id)).toMatchObject({
      status: "draft",
      photo_count: 0,
      snapshot_code_status: "shipped",
      snapshot_dealer_id: s.dealers[0],
      snapshot_dealer_name: dealer.dealer_name,
      // The dealer's authorised regions, in the order they are listed.
      snapshot_regions: (await dealerRegionCodes(chain.app.consoleContext, s.dealers[0])).join(","),
      snapshot_waybill_no: waybillNo,
      snapshot_shipped_at: shippedAt,
    });
  });

  it("keeps the snapshot when the dealer is renamed and the code is taken off the waybill later", async () => {
    const body = await capture(shippedItem);
    const before = await evidenceRow(body.data.id);
    const dealer = (await chain.all(`SELECT * FROM dealers WHERE id = ?`, [s.dealers[0]]))[0];
    expect(
      (
        await chain.post("/api/base/dealers/update", {
          id: s.dealers[0],
          dealer_name: `${String(dealer.dealer_name)}（改名）`,
        })
      ).code,
    ).toBe(0);
    const reduce = await chain.post("/api/physical/waybillreductions/add", { code: s.C[1], reason: "客户拒收" });
    expect(reduce.code, reduce.message).toBe(0);
    expect(await evidenceRow(body.data.id)).toEqual(before);
  });

  it("says what it saw for a code that does not exist, and for no code", async () => {
    expect(await evidenceRow((await capture("NO-SUCH-CODE")).data.id)).toMatchObject({
      snapshot_code_status: "not_found",
      snapshot_dealer_id: null,
    });
    expect(await evidenceRow((await capture(undefined)).data.id)).toMatchObject({
      snapshot_code_status: null,
      snapshot_waybill_no: null,
    });
  });

  it("refuses a client that sends the snapshot itself", async () => {
    serial += 1;
    const body = await chain.post("/api/inspect/evidences/add", {
      evidence_no: `EV-T${serial}`,
      inspection_id: inspectionId,
      evidence_type: "photo",
      collected_by: "x",
      collected_at: "2024-06-01T09:00:00Z",
      snapshot_dealer_name: "伪造",
    });
    expect(body.status_code).toBe(400);
    expect((await chain.all(`SELECT count(*) AS n FROM evidences WHERE evidence_no = ?`, [`EV-T${serial}`]))[0].n).toBe(
      0,
    );
  });
});

describe("evidence photos, submission and remarks", () => {
  it("stores photos with their SHA-256, refuses a non-image without storing anything, and counts them", async () => {
    const id = (await capture(shippedItem)).data.id as number;
    const before = await photoRows();
    const refused = await upload(id, [
      { name: "a.png", type: "image/png", data: PNG },
      { name: "notes.txt", type: "image/png", data: Buffer.from("not an image") },
    ]);
    expect(refused.status_code).toBe(400);
    expect(refused.message).toContain("notes.txt is not a JPEG, PNG or WebP image");
    expect(await photoRows()).toEqual(before);
    const stored = await upload(id, [
      { name: "a.png", type: "image/png", data: PNG },
      { name: "b.jpg", type: "image/jpeg", data: JPEG },
    ]);
    expect(stored.status_code, stored.message).toBe(200);
    expect(stored.data.map((photo) => photo.sha256)).toEqual(
      [PNG, JPEG].map((data) => createHash("sha256").update(data).digest("hex")),
    );
    expect((await evidenceRow(id)).photo_count).toBe(2);
    const image = await chain.app.inject({
      method: "GET",
      url: `/api/inspect/evidences/photo?id=${stored.data[0].id}`,
      headers: { token },
    });
    expect(image.headers["content-type"]).toBe("image/png");
    expect(Buffer.compare(image.rawPayload, PNG)).toBe(0);
    // A token in the address is not read (it would be kept in logs, histories and referrers): the
    // call has no session.
    const inAddress = await chain.app.inject({
      method: "GET",
      url: `/api/inspect/evidences/photo?id=${stored.data[0].id}&token=${token}`,
    });
    expect(inAddress.statusCode).toBe(403);
    expect(inAddress.json<{ code: number }>().code).toBe(50012);
  });

  it("refuses to submit without a photo, leaving the draft as it was", async () => {
    const id = (await capture(shippedItem)).data.id as number;
    const before = await evidenceRow(id);
    const body = await chain.post("/api/inspect/evidences/submit", { id });
    expect(body.status_code).toBe(409);
    expect(body.message).toMatch(/has no photo/);
    expect(await evidenceRow(id)).toEqual(before);
  });

  it("after submission: no update, no delete, no new photo; remarks are appended, each with who wrote it", async () => {
    const id = (await capture(shippedItem)).data.id as number;
    expect((await upload(id, [{ name: "a.png", type: "image/png", data: PNG }])).status_code).toBe(200);
    const submitted = await chain.post("/api/inspect/evidences/submit", { id });
    expect(submitted.code, submitted.message).toBe(0);
    expect(await evidenceRow(id)).toMatchObject({ status: "submitted", submitted_by: "admin" });
    const frozen = await evidenceRow(id);
    const photos = await photoRows();

    const update = await chain.post("/api/inspect/evidences/update", { id, price: 1, remark: "改写" });
    expect(update.status_code).toBe(409);
    expect(update.message).toMatch(
      /evidences change only through evidences.submit, evidence_remarks.create \(it is submitted\)/,
    );
    expect((await chain.post("/api/inspect/evidences/delete", { id })).status_code).toBe(409);
    expect((await upload(id, [{ name: "c.png", type: "image/png", data: PNG }])).message).toMatch(
      /is submitted; its photos cannot change/,
    );
    expect((await chain.post("/api/inspect/evidences/submit", { id })).status_code).toBe(409);
    expect(await evidenceRow(id)).toEqual(frozen);
    expect(await photoRows()).toEqual(photos);

    for (const text of ["门店负责人拒绝签字", "已拍摄价签"])
      expect((await chain.post("/api/inspect/evidenceremarks/add", { evidence_id: id, text })).code).toBe(0);
    expect(
      await chain.all(`SELECT text, created_by FROM evidence_remarks WHERE evidence_id = ? ORDER BY id`, [id]),
    ).toEqual([
      { text: "门店负责人拒绝签字", created_by: "admin" },
      { text: "已拍摄价签", created_by: "admin" },
    ]);
    expect(await evidenceRow(id)).toEqual(frozen);
    // A remark, once written, stays as it is.
    const remarkId = (
      await chain.all(`SELECT id FROM evidence_remarks WHERE evidence_id = ? ORDER BY id LIMIT 1`, [id])
    )[0].id;
    expect((await chain.post("/api/inspect/evidenceremarks/update", { id: remarkId, text: "改写" })).status_code).toBe(
      409,
    );
    expect((await chain.post("/api/inspect/evidenceremarks/delete", { id: remarkId })).status_code).toBe(409);
  });
});
