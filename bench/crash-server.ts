// The server bench/crash-test.ts kills: the real contract on DB_FILE, kept across restarts.
import { buildApp } from "../mock-server/app";
import { contract } from "../mock-server/generated/contract.gen";

const app = await buildApp({ contract, dbFile: process.env.DB_FILE!, seedScale: 0.1, docs: false });
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
console.log("ready");
