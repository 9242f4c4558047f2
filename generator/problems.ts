// A problem an analyst can act on: where (file, line, column, JSON pointer) and what.

export interface Problem {
  readonly file: string;
  readonly line: number;
  readonly col: number;
  readonly pointer: string;
  readonly message: string;
  /**
   * A further message the YAML parser gave for the same mistake (one dropped `}` yields three).
   * The CLI and the overlay show the first only; `--verbose` shows these too.
   */
  readonly followUp?: boolean;
}

/** `file:line:col  /json/pointer  message`: one line an editor can jump to, then the schema's word on it. */
export function formatProblem(problem: Problem): string {
  return `${problem.file}:${problem.line}:${problem.col}  ${problem.pointer || "/"}  ${problem.message}`;
}

export function sortProblems(problems: readonly Problem[]): Problem[] {
  return [...problems].sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col || a.message.localeCompare(b.message),
  );
}

/** The problems worth showing: without `verbose`, a mistake's follow-up parser messages are left out. */
export function shownProblems(problems: readonly Problem[], verbose = false): Problem[] {
  return verbose ? [...problems] : problems.filter((problem) => !problem.followUp);
}

export class ManifestError extends Error {
  readonly problems: readonly Problem[];
  constructor(problems: readonly Problem[]) {
    super(sortProblems(problems).map(formatProblem).join("\n"));
    this.name = "ManifestError";
    this.problems = sortProblems(problems);
  }
}

export function pointerOf(segments: readonly (string | number)[]): string {
  return segments.map((s) => `/${String(s).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
}
