// The server bench/login-flood.ts measures, in its own process: the real contract on a fresh
// database, sign-in throttling on or off (LOGIN_THROTTLE=off times the hashing alone).
import { buildApp } from "../mock-server/app";
import { removeDatabaseFiles } from "../mock-server/db/open-database";
import { contract } from "../mock-server/generated/contract.gen";

const dbFile = process.env.DB_FILE!;
removeDatabaseFiles(dbFile);
const app = await buildApp({
  contract,
  dbFile,
  seedScale: 0.2,
  docs: false,
  loginThrottle: process.env.LOGIN_THROTTLE !== "off",
});
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
console.log("ready");
