// The server bench/crash-test.ts kills (and bench/sqlmap-audit.ts audits, with DOCS=1): the real
// contract on DB_FILE, kept across restarts, a small seed so it starts quickly.
import { buildApp } from "../mock-server/app";
import { contract } from "../mock-server/generated/contract.gen";

const app = await buildApp({ contract, dbFile: process.env.DB_FILE!, seedScale: 0.1, docs: process.env.DOCS === "1" });
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
console.log("ready");
