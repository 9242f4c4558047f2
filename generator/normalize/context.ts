// What every normalize step shares: where to report a problem.
import type { YamlSource } from "../load/yaml-source";
import type { Problem } from "../problems";
import type { HttpMethod } from "../../schema/contract/vocabulary";

export class ProblemSink {
  readonly problems: Problem[] = [];
  add(source: YamlSource, pointer: string, message: string, atKey = false): void {
    this.problems.push({ file: source.file, ...source.locate(pointer, atKey), pointer, message });
  }
}

export function pascalCase(name: string): string {
  return name
    .split(/[_-]/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join("");
}

export function parseEndpoint(value: string): { method: HttpMethod; path: string } {
  const [method, path] = value.split(" ");
  return { method: method as HttpMethod, path: path };
}

export function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}
