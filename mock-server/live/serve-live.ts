// `npm run dev`'s server: listens once and serves each contract the generator writes, in place.
// A half-written or unchanged file is ignored; a contract that cannot be served
// is logged and the previous one keeps serving.
import type { FastifyInstance } from "fastify";
import { readContract, watchContract, type ContractOnDisk } from "./contract-file";
import { liveApp } from "./live-app";

export interface LiveServing {
  readonly file: string;
  readonly port: number;
  readonly host: string;
  readonly build: (contract: ContractOnDisk) => Promise<FastifyInstance>;
  /** A contract that could not be served; default: the serving app's log. */
  readonly refused?: (error: unknown) => void;
}

export interface Serving {
  /** The port listened on (the one asked, or the one given for 0). */
  readonly port: number;
  readonly stop: () => Promise<void>;
}

/** Starts serving; resolves once listening. */
export async function serveLive({ file, port, host, build, refused }: LiveServing): Promise<Serving> {
  let served = readContract(file);
  const first = await build(served);
  const live = await liveApp(
    first,
    refused ??
      ((error) =>
        live.current().log.error({ err: error }, "the new contract could not be served; the previous one still is")),
  );
  const stopWatching = watchContract(file, () => {
    let next: ContractOnDisk;
    try {
      next = readContract(file);
    } catch {
      return; // half written: the write's last change calls again
    }
    if (next.version === served.version) return;
    served = next;
    const started = performance.now();
    void live
      .replace(() => build(next))
      .then((ok) => {
        const ms = Math.round(performance.now() - started);
        if (ok)
          console.log(
            `contract ${next.version} served in place in ${ms} ms: ${next.contract.resources.length} resources, sessions kept`,
          );
      });
  });
  await new Promise<void>((listening) => live.server.listen(port, host, listening));
  const address = live.server.address();
  return {
    port: typeof address === "object" && address ? address.port : port,
    async stop() {
      stopWatching();
      await live.close();
    },
  };
}
