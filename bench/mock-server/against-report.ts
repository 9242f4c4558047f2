// BENCH_AGAINST's tables: at 100,000 employees, our server at this tree's commit and at the older
// one, each beside json-server's rate measured in the same run, each with its own ratios and its own
// verdict, so the two commits' verdicts read line by line; one table per pass, the pair run in one
// order and then in the other, so neither commit always runs first.
import type { Filter } from "./data";
import { SCENARIOS } from "./load";
import { failuresOf, readByIdVerdict, scenarioLabels, type ServerRun } from "./report";
import { passHeading, type AgainstPass } from "../against-tree";

export interface AgainstResults {
  readonly filter: Filter;
  readonly rows: number;
  /** This tree's commit and the older one, 7 digits each. */
  readonly current: string;
  readonly older: string;
  readonly passes: readonly AgainstPass<ServerRun>[];
  readonly theirs: ServerRun;
}

const int = (n: number) => Math.round(n).toLocaleString("en-US");
const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(a / b < 100 ? 1 : 0)}×` : "–");

function passReport(r: AgainstResults, pass: AgainstPass<ServerRun>, n: number): string[] {
  const label = scenarioLabels(r.filter);
  const out = [
    passHeading(n, r.current, r.older, pass),
    "",
    `| scenario | ${r.current} rps | ${r.current} p99 ms | ${r.older} rps | ${r.older} p99 ms | json-server rps | ${r.current} ratio | ${r.older} ratio |`,
    "|---|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const scenario of SCENARIOS) {
    const [a, o, j] = [pass.ours, pass.older, r.theirs].map((run) => run.measured.get(scenario)!);
    out.push(
      `| ${label[scenario]} | ${int(a.rps)} | ${int(a.p99)} | ${int(o.rps)} | ${int(o.p99)} | ${int(j.rps)} | ${ratio(a.rps, j.rps)} | ${ratio(o.rps, j.rps)} |`,
    );
  }
  const failures = [...failuresOf(r.current, pass.ours.measured), ...failuresOf(r.older, pass.older.measured)];
  const theirs = r.theirs.measured.get("read by id")!;
  out.push(
    "",
    failures.length ? `Failed requests: ${failures.join("; ")}.` : "Every request answered 2xx.",
    "",
    `Read by id at ${r.current}:`,
    "",
    readByIdVerdict(pass.ours.measured.get("read by id")!, theirs),
    "",
    `Read by id at ${r.older}:`,
    "",
    readByIdVerdict(pass.older.measured.get("read by id")!, theirs),
  );
  return out;
}

export function againstReport(r: AgainstResults): string {
  return [
    `## Our server at ${r.current} beside ${r.older}, ${int(r.rows)} employees (BENCH_AGAINST)`,
    "",
    `Each run on its own copy of the same seeded file (the same rows: each answered as json-server did), one server at a time: ` +
      `${r.current} (the run above), ${r.older}, json-server, then ${r.older} and ${r.current} again. ` +
      "Ratios are over json-server's rate in this run.",
    "",
    ...r.passes.flatMap((pass, i) => [...passReport(r, pass, i + 1), ""]),
    `The ${int(1_000_000)}-row parts (the lists alone, under writes, the memory) measure ${r.current} only.`,
  ].join("\n");
}
