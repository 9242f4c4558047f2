// The client's address: fastify's, behind a trusted proxy or not, worked out once per request.
import Fastify from "fastify";
import { expect, it } from "vitest";
import { clientAddress } from "./client-address";

it("is request.ip, from X-Forwarded-For only through a trusted proxy", async () => {
  for (const trustProxy of ["127.0.0.1", false] as const) {
    const app = Fastify({ trustProxy });
    app.get("/", (request) => ({ ours: clientAddress(request), fastify: request.ip }));
    const answer = (await app.inject({ url: "/", headers: { "x-forwarded-for": "203.0.113.9" } })).json();
    expect(answer.ours).toBe(answer.fastify);
    expect(answer.ours).toBe(trustProxy ? "203.0.113.9" : "127.0.0.1");
    await app.close();
  }
});

it("reads request.ip once per request", () => {
  let reads = 0;
  const request = {
    get ip() {
      reads += 1;
      return "198.51.100.7";
    },
  };
  expect([clientAddress(request), clientAddress(request), clientAddress(request)]).toEqual(
    Array(3).fill("198.51.100.7"),
  );
  expect(reads).toBe(1);
  expect(clientAddress({ ip: "198.51.100.8" })).toBe("198.51.100.8");
});
