// The page's one set of record hooks: rows share it, and its delete goes through refine's useDelete.
import { Refine, type DataProvider } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import {
  RecordMutationsProvider,
  RecordMutationsScope,
  useRecordMutations,
  type RecordMutations,
} from "./RecordMutationsProvider";

function renderWith(dataProvider: DataProvider, tree: ReactNode) {
  renderToString(
    <MemoryRouter initialEntries={["/fixtures"]}>
      <Refine
        dataProvider={dataProvider}
        routerProvider={routerProvider}
        resources={[{ name: "fixtures", list: "/fixtures" }]}
        options={{ disableTelemetry: true }}
      >
        {tree}
      </Refine>
    </MemoryRouter>,
  );
}

const unused = () => Promise.reject(new Error("not called here"));
function fakeProvider(deleteOne: DataProvider["deleteOne"]): DataProvider {
  return { getApiUrl: () => "", getList: unused, getOne: unused, create: unused, update: unused, deleteOne };
}

describe("RecordMutationsProvider", () => {
  it("gives every row under one page the same instance; a button alone gets its own", () => {
    const seen: RecordMutations[] = [];
    const Row = () => {
      seen.push(useRecordMutations());
      return null;
    };
    renderWith(
      fakeProvider(unused),
      <>
        <RecordMutationsProvider>
          <RecordMutationsScope>
            <Row />
          </RecordMutationsScope>
          <RecordMutationsScope>
            <Row />
          </RecordMutationsScope>
        </RecordMutationsProvider>
        <RecordMutationsScope>
          <Row />
        </RecordMutationsScope>
      </>,
    );
    expect(seen).toHaveLength(3);
    expect(seen[0]).toBe(seen[1]);
    expect(seen[2]).not.toBe(seen[0]);
  });

  it("deletes through the data provider; two deletes at once each settle on their own", async () => {
    const deleteOne = vi.fn(({ id }: { resource: string; id: string | number }) =>
      id === 3 ? Promise.reject(new Error("refused")) : Promise.resolve({ data: { id } as never }),
    );
    let mutations: RecordMutations | undefined;
    const Probe = () => {
      mutations = useRecordMutations();
      return null;
    };
    renderWith(
      fakeProvider(deleteOne),
      <RecordMutationsProvider>
        <Probe />
      </RecordMutationsProvider>,
    );
    const results = await Promise.allSettled([
      mutations!.deleteRecord("fixtures", 1),
      mutations!.deleteRecord("fixtures", 2),
      mutations!.deleteRecord("fixtures", 3),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "fulfilled", "rejected"]);
    expect(deleteOne.mock.calls.map(([params]) => [params.resource, params.id])).toEqual([
      ["fixtures", 1],
      ["fixtures", 2],
      ["fixtures", 3],
    ]);
  });

  it("refuses a caller outside any provider", () => {
    const Lost = () => {
      useRecordMutations();
      return null;
    };
    expect(() => renderWith(fakeProvider(unused), <Lost />)).toThrow(/no RecordMutationsProvider/);
  });
});
