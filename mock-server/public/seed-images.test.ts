// Seeded images are served by the server itself, so a fresh console shows them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import { contract } from "../generated/contract.gen";
import { SEED_IMAGE_COUNT, seedImageUrl } from "./seed-images";

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp({
    contract,
    dbFile: ":memory:",
    seedScale: 0.05,
    seedAnchor: "2024-06-01",
    docs: false,
    publicOrigin: "http://console.test:8080",
  });
  await app.ready();
});
afterAll(() => app.close());

describe("demo images", () => {
  it("answers each of its tiles as SVG, without a token, the same bytes each time", async () => {
    for (let n = 1; n <= SEED_IMAGE_COUNT; n += 1) {
      const first = await app.inject({ url: `/api/public/seed-image?n=${n}` });
      expect(first.statusCode).toBe(200);
      expect(first.headers["content-type"]).toBe("image/svg+xml; charset=utf-8");
      expect(first.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^]*<\/svg>$/);
      expect((await app.inject({ url: `/api/public/seed-image?n=${n}` })).body).toBe(first.body);
    }
  });

  it("refuses a tile it does not have with the 400 envelope", async () => {
    for (const n of ["0", "13", "x"]) {
      const response = await app.inject({ url: `/api/public/seed-image?n=${n}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status_code: 400, code: 40000 });
    }
  });

  it("is where every seeded image points, at the configured origin", async () => {
    const store = app.consoleContext.store;
    const images = (await store.all<{ image: string }>(`SELECT image FROM products WHERE image IS NOT NULL`)).map(
      (row) => row.image,
    );
    expect(images.length).toBeGreaterThan(0);
    for (const image of images)
      expect(image).toMatch(/^http:\/\/console\.test:8080\/api\/public\/seed-image\?n=([1-9]|1[0-2])$/);
    const logos = (await store.all<{ logo: string }>(`SELECT logo FROM brands WHERE logo IS NOT NULL`)).map(
      (row) => row.logo,
    );
    for (const logo of logos) expect(logo.startsWith("http://console.test:8080/api/public/seed-image?n=")).toBe(true);
    expect(seedImageUrl("http://a/", "t", 0)).toMatch(/^http:\/\/a\/api\/public\/seed-image\?n=\d+$/);
  });
});
