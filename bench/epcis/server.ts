// The server bench/epcis measures, in its own process, on the database file DB_FILE.
//   seed:  the demo data (seed scale 0.2), BENCH_CODES trace codes bulk-loaded (scan-codes.ts,
//          scan-load.ts) and BENCH_EVENTS ledger events written over them (ledger-build.ts); prints
//          what it built and how long each part took, and exits.
//   serve: the real app on that file, request logging on (to server.log), after making this run's
//          capture material (capture-setup.ts) and the EPCs to query,
//          written to run.json for the bench; plus two bench-only routes that only this file
//          registers: GET /bench/empty, the floor (the same HTTP stack and session check as the EPCIS
//          calls, answering nothing), and GET /bench/waybill/:id, a waybill's status.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildApp } from "../../mock-server/app";
import { removeDatabaseFiles } from "../../mock-server/db/open-database";
import { contract } from "../../mock-server/generated/contract.gen";
import { knownCodeUris } from "../../mock-server/domain/epcis/event-facts";
import { EPCIS_PERMISSION } from "../../mock-server/epcis/epcis-routes";
import { loadCodesIntoSqlite } from "../scan-load";
import { buildLedger } from "./ledger-build";
import { captureMaterial, waybillStatus } from "./capture-setup";
import { adminSession } from "./dealer-account";

const dbFile = process.env.DB_FILE!;
const work = process.env.WORK_DIR!;
const mode = process.argv[2];
/** EPCs the bench queries. */
const EPC_PICKS = 2000;

if (mode === "seed") {
  removeDatabaseFiles(dbFile);
  const started = Date.now();
  const app = await buildApp({ contract, dbFile, seedScale: 0.2, docs: false });
  await app.ready();
  const { store, records } = app.consoleContext;
  const seeded = Date.now();
  await loadCodesIntoSqlite(store, Number(process.env.BENCH_CODES), records.now());
  const loaded = Date.now();
  const ledger = await buildLedger(store, Number(process.env.BENCH_EVENTS));
  await app.close();
  console.log(
    JSON.stringify({
      ...ledger,
      seconds: {
        demo: (seeded - started) / 1000,
        codes: (loaded - seeded) / 1000,
        ledger: ledger.seconds,
        total: (Date.now() - started) / 1000,
      },
    }),
  );
} else {
  const app = await buildApp({
    contract,
    dbFile,
    docs: false,
    logger: { level: "info", file: join(work, "server.log") },
  });
  const ctx = app.consoleContext;
  // Routes go in before the first inject() below readies the app.
  const config = { access: { roles: [EPCIS_PERMISSION] } };
  app.get("/bench/empty", { config }, () => ({ status_code: 200, message: "ok", code: 0, data: null }));
  app.get<{ Params: { id: string } }>("/bench/waybill/:id", { config }, async (request) => ({
    status_code: 200,
    message: "ok",
    code: 0,
    data: await waybillStatus(ctx, Number(request.params.id)),
  }));
  const admin = await adminSession(app);
  const tag = String(Date.now());
  const capture = await captureMaterial(app, admin, Number(process.env.BENCH_CAPTURE_EVENTS), tag);
  // EPCs spread over the table (one code in every stride), each named as the interface names it.
  const total = Number((await ctx.store.get<{ n: number }>(`SELECT MAX(rowid) AS n FROM trace_codes`))!.n);
  const stride = Math.max(1, Math.floor(total / EPC_PICKS / 2));
  const codes = (
    await ctx.store.all<{ code: string }>(
      `SELECT code FROM trace_codes WHERE rowid % ? = 0 AND status IS NOT NULL AND status <> 'generated' ORDER BY rowid LIMIT ${EPC_PICKS}`,
      [stride],
    )
  ).map((row) => row.code);
  const uris = await knownCodeUris(ctx, codes);
  writeFileSync(
    join(work, "run.json"),
    JSON.stringify({
      admin,
      epcs: codes.map((code) => uris.get(code)!),
      capture,
    }),
  );
  await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
  process.once("SIGINT", () => void app.close().then(() => process.exit(0)));
  console.log("ready");
}
