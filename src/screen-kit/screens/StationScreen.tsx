// A scanning station (manifest screen kind station): setup chosen once, then scans only, each
// answered by a verdict seen and heard; the resource's list of what was done sits below it.
// Scans are handled in the order they were typed, however fast the scanner is. An item into the open
// unit (or a scan of a station without units) goes to the scan queue at once and its verdict follows
// its answer, in scanning order, so the scans typed while one is on its way go together in the next
// request; a scan that depends on what the answers leave (a unit's code, a command, an item that
// may find its unit full) waits for them, a unit's fill asked meanwhile. A scan the server cannot
// be reached for waits in the browser's queue and is sent when it can.
// At a scanner's pace (20 codes/s) the browser has a few milliseconds per scan: the station's state
// lives in a store outside React (station-store.ts), the verdict, figures, buttons, setup and the
// scanner's label read their own slices of it, and this component is drawn again only when the setup
// changes; keys typed into the scanner draw nothing (its input is not React state).
import { useInvalidate } from "@refinedev/core";
import { Alert, Card, Form, Space } from "antd";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { callEndpoint, toHttpMethod } from "../../api/endpoint-call";
import { ApiError } from "../../api/http-client";
import { useCan } from "../../permission/use-can";
import { readScannedCode } from "../../utils/scanned-code";
import type { ScreenConfig, StationConfig } from "../../../schema/contract/screen-config";
import { ListScreen } from "./ListScreen";
import { StationScanner } from "../station/StationScanner";
import { StationSetup } from "../station/StationSetup";
import {
  acceptScan,
  closeHeld,
  closeUnit,
  confirmQueued,
  dropQueued,
  dropHeld,
  finishRecord,
  holdScan,
  lastAccepted,
  openUnit,
  refuseScan,
  undoScan,
  type StationState,
} from "../station/station-state";
import { StationVerdict } from "../station/StationVerdict";
import { StationFigures } from "../station/StationFigures";
import { StationButtons } from "../station/StationButtons";
import { createStationStore } from "../station/station-store";
import { recordIdByLabel } from "../station/record-by-label";
import { playVerdictTone, prepareVerdictTones } from "../station/verdict-tone";
import { waitReason, type Outcome } from "../station/scan-queue";
import type { QueuedScan } from "../station/scan-store";
import { newScanKey } from "../station/scan-key";
import { IDEMPOTENCY_HEADER, useScanQueue } from "../station/use-scan-queue";
import {
  confirmHeldClose,
  expectLabel,
  heldRoleOffline,
  holdUnchecked,
  queueHeldClose,
  refuseHeldClose,
} from "../station/held-offline";
import { StationQueue } from "../station/StationQueue";
import { CameraScanner } from "../station/CameraScanner";
import { verdictFrames } from "../station/verdict-frames";
import { askUnitFill, type AskedFill } from "../station/unit-fill";
import "../station/station.css";

/** The operator's keys: F8 closes a tail unit (children first: the next scan is a part package's label), F9 takes the last scan back, F10 finishes the record (ships the waybill). */
export const CLOSE_UNIT_KEY = "F8";
export const UNDO_KEY = "F9";
export const FINISH_KEY = "F10";
/**
 * The list below is fetched again once the line pauses this long, not while scans keep coming:
 * fetching and drawing it takes longer than the time between two scans at a scanner's pace, and
 * the verdicts queued behind it are late. The figures say what the line did meanwhile.
 */
const LIST_QUIET_MS = 1000;
const KEYS = { close: CLOSE_UNIT_KEY, undo: UNDO_KEY, finish: FINISH_KEY } as const;

/** Children first: the call kept the scan for the next package, or the scan was its label and closed them in. */
type HeldAnswer = { readonly held: string; readonly capacity: number | null } | { readonly closed: string };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What to do after a refusal, by what the server said: a code it does not know, a rule, or no answer. */
function nextStepOf(error: unknown, unitStep: boolean): string {
  if (!(error instanceof ApiError)) return "screens.station.next.retry";
  if (error.statusCode === 404 || error.statusCode === 400) return "screens.station.next.checkCode";
  return unitStep ? "screens.station.next.otherUnit" : "screens.station.next.setAside";
}

export function StationScreen({ config, station }: { config: ScreenConfig; station: StationConfig }) {
  const { t } = useTranslation();
  const can = useCan();
  const invalidate = useInvalidate();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [address] = useSearchParams();
  const setupValues = Form.useWatch([], form) as Record<string, unknown> | undefined;
  const [store] = useState(createStationStore);
  const queue = useRef<Promise<void>>(Promise.resolve());
  /** The verdicts of the items sent ahead, applied in scanning order; resolved once all are. */
  const answers = useRef<Promise<void>>(Promise.resolve());
  const itemsOnTheirWay = useRef(0);
  const [frames] = useState(() => verdictFrames());
  const listRefresh = useRef<number>(undefined);

  const setupFields = useMemo(
    () => config.fields.filter((field) => station.setup.includes(field.name)),
    [config.fields, station.setup],
  );
  // A line's station is bookmarked with its setup in the address (?order_id=12&level=box).
  const initialSetup = useMemo(
    () =>
      Object.fromEntries(
        setupFields.flatMap((field) => {
          const value = address.get(field.name);
          if (value === null) return [];
          return [[field.name, field.type === "integer" || field.type === "number" ? Number(value) : value]];
        }),
      ),
    [address, setupFields],
  );
  const ready = station.setup.every((name) => setupValues?.[name] !== undefined && setupValues[name] !== null);
  const allowed = !station.scanButton || can([station.scanButton.code]);
  const finish = station.finish;
  const mayFinish = Boolean(finish?.button && can([finish.button.code]));
  // The record the scans fill may be scanned instead of chosen, once the rest of the setup is chosen.
  const choosing =
    !ready &&
    Boolean(finish?.listPath) &&
    station.setup.every((name) => name === finish!.idField || (setupValues?.[name] ?? null) !== null);
  const units = station.steps.length === 2;
  const [unitStep, itemStep] = units ? station.steps : [undefined, station.steps[0]];

  // Once the line pauses: each scan puts the refresh off again.
  const refreshList = useCallback(() => {
    window.clearTimeout(listRefresh.current);
    listRefresh.current = window.setTimeout(() => {
      listRefresh.current = undefined;
      void invalidate({ resource: config.resource, invalidates: ["list"] });
    }, LIST_QUIET_MS);
  }, [config.resource, invalidate]);
  useEffect(() => () => window.clearTimeout(listRefresh.current), []);
  // The sounds are made while the station waits for its first scan, not by its first verdict.
  useEffect(() => {
    const preparing = window.setTimeout(prepareVerdictTones, 0);
    return () => window.clearTimeout(preparing);
  }, []);

  const apply = useCallback(
    (step: (state: StationState) => StationState) => {
      const previous = store.get();
      const next = step(previous);
      store.set(next);
      if (!next.last || next.last === previous.last) return;
      playVerdictTone(next.last.kind);
      // Every verdict is the line running, a box's opening or closing and a refusal too: a refresh
      // waiting for the pause waits again.
      if (listRefresh.current !== undefined) refreshList();
    },
    [refreshList, store],
  );

  // A scan that waited is answered later: it counts, or it leaves the fill and is listed to be cleared.
  const onSettled = useCallback(
    (scan: QueuedScan, outcome: Exclude<Outcome, { kind: "queued" }>) => {
      // Children first: only a package's close waits; its held codes count until it is refused.
      const packed = station.hold ? (scan.body[station.hold] as readonly unknown[]).length : undefined;
      if (outcome.kind === "sent") {
        apply((s) => (packed === undefined ? confirmQueued(s, scan.key) : confirmHeldClose(s, scan.key)));
        refreshList();
        return;
      }
      const message = messageOf(outcome.error);
      apply((s) =>
        packed === undefined
          ? dropQueued(s, scan.key, message)
          : refuseHeldClose(s, scan.key, scan.code, packed, message),
      );
      playVerdictTone("refused");
    },
    [apply, refreshList, station.hold],
  );
  const scans = useScanQueue(station.menu, onSettled);

  /** Undo and finish act on what the server has: they wait until no scan waits, or the ledger would see them first. */
  const refuseWhileQueued = useCallback(
    (code: string): boolean => {
      const pending = scans.current().pending;
      if (pending === 0) return false;
      apply((s) => refuseScan(s, code, t("screens.station.queue.busy", { n: pending }), "screens.station.next.scan"));
      return true;
    },
    [apply, scans, t],
  );

  const chooseRecord = useCallback(
    async (code: string) => {
      if (!finish?.listPath) return;
      try {
        const id = await recordIdByLabel(finish.listPath, finish.labelField, code);
        if (id === undefined)
          return apply((s) =>
            refuseScan(s, code, t("screens.station.noSuchRecord", { code }), "screens.station.next.checkCode"),
          );
        form.setFieldValue(finish.idField, id);
        apply((s) => ({ ...s, last: { kind: "opened", code, nextKey: "screens.station.next.scan" } }));
      } catch (error) {
        apply((s) =>
          refuseScan(s, code, error instanceof Error ? error.message : String(error), nextStepOf(error, true)),
        );
      }
    },
    [apply, finish, form, t],
  );

  /**
   * Children first: the server checks the code and holds it, or closes the held codes into the label
   * scanned. Without its answer (or behind scans still waiting) the station holds the code unchecked,
   * or queues the label's close (held-offline.ts). One key per scan, so a close whose answer was lost
   * and is sent again through the queue is applied once.
   */
  const scanHeld = useCallback(
    async (code: string, setup: Record<string, unknown>) => {
      const call = { method: toHttpMethod(station.call.method), path: station.call.path };
      const key = newScanKey();
      const body = { ...setup, [itemStep.field]: code, [station.hold!]: store.get().held?.codes ?? [] };
      if (scans.current().pending === 0) {
        try {
          const answer = await callEndpoint<HeldAnswer>(call, body, undefined, {
            headers: { [IDEMPOTENCY_HEADER]: key },
          });
          if ("closed" in answer) {
            apply((s) => closeHeld(s, answer.closed));
            refreshList();
          } else apply((s) => holdScan(s, code, answer.capacity));
          return;
        } catch (error) {
          if (waitReason(error) === undefined) throw error;
        }
      }
      if (heldRoleOffline(store.get()) === "item")
        return apply((s) => holdUnchecked(s, code, t("screens.station.queue.heldUnchecked")));
      const outcome = await scans.submit({ key, code, ...call, body });
      if (outcome.kind === "refused") throw outcome.error;
      if (outcome.kind === "sent") {
        apply((s) => closeHeld(s, code));
        refreshList();
      } else apply((s) => queueHeldClose(s, code, key));
    },
    [apply, itemStep.field, refreshList, scans, station.call, station.hold, store, t],
  );

  /**
   * Whether the scan is surely an item into what is open now, whatever the answers on their way say:
   * then it is sent without waiting for them. Not with a record to choose, codes held for a label,
   * no unit open, the unit's own code, or a unit the items on their way may fill.
   */
  const sendsAhead = useCallback(
    (code: string): boolean => {
      if (finish && (form.getFieldValue(finish.idField) ?? null) === null) return false;
      if (station.hold) return false;
      if (!units) return true;
      const unit = store.get().unit;
      if (!unit || code === unit.code) return false;
      return unit.capacity === null || unit.held + itemsOnTheirWay.current < unit.capacity;
    },
    [finish, form, station.hold, store, units],
  );

  /** An item's verdict once its answer comes and the verdicts before it are drawn. */
  const answerLater = useCallback(
    (code: string, key: string, outcome: Promise<Outcome>) => {
      itemsOnTheirWay.current += 1;
      const answered = outcome.catch((error: unknown): Outcome => ({ kind: "refused", error }));
      answers.current = Promise.all([answers.current, answered]).then(async ([, answer]) => {
        await frames.turn();
        itemsOnTheirWay.current -= 1;
        if (answer.kind === "refused")
          return apply((s) => refuseScan(s, code, messageOf(answer.error), nextStepOf(answer.error, false)));
        apply((s) => acceptScan(s, code, units, answer.kind === "queued" ? { key } : undefined));
        if (answer.kind === "sent") refreshList();
      });
    },
    [apply, frames, refreshList, units],
  );

  /**
   * A scan that waits for the answers may turn out to open a unit once they are in (the unit before
   * it full): its fill is asked now, beside them (unit-fill.ts), and read only if it does.
   */
  const fillAhead = useCallback(
    (code: string): Promise<AskedFill> | undefined => {
      if (!units || !station.capacityPath || station.hold) return undefined;
      if (finish && (form.getFieldValue(finish.idField) ?? null) === null) return undefined;
      if (store.get().unit?.code === code) return undefined;
      return askUnitFill(station.capacityPath, code);
    },
    [finish, form, station.capacityPath, station.hold, store, units],
  );

  const handleScan = useCallback(
    async (code: string) => {
      let asked: Promise<AskedFill> | undefined;
      if (!sendsAhead(code)) {
        asked = fillAhead(code);
        await answers.current;
      }
      if (finish && (form.getFieldValue(finish.idField) ?? null) === null) return chooseRecord(code);
      const setup = Object.fromEntries(station.setup.map((name) => [name, form.getFieldValue(name) as unknown]));
      const unit = store.get().unit;
      if (units && !unit) {
        if (!station.capacityPath) return apply((s) => openUnit(s, { code, held: 0, capacity: null }));
        const read = await (asked ?? askUnitFill(station.capacityPath, code));
        if (read.kind === "fill") return apply((s) => openUnit(s, { code, ...read.fill }));
        // Without the server the box opens with its fill unknown: scanning goes on into the queue.
        if (waitReason(read.error) !== undefined)
          return apply((s) => {
            const opened = openUnit(s, { code, held: 0, capacity: null });
            return { ...opened, last: { ...opened.last!, message: t("screens.station.queue.fillUnknown") } };
          });
        return apply((s) => refuseScan(s, code, messageOf(read.error), nextStepOf(read.error, true)));
      }
      if (unit && code === unit.code) return apply(closeUnit);
      if (station.hold)
        return scanHeld(code, setup).catch((error: unknown) =>
          apply((s) => refuseScan(s, code, messageOf(error), nextStepOf(error, false))),
        );
      const key = newScanKey();
      const outcome = scans.submit({
        key,
        code,
        ...(unit ? { parent: unit.code } : {}),
        method: toHttpMethod(station.call.method),
        path: station.call.path,
        body: { ...setup, ...(unit && unitStep ? { [unitStep.field]: unit.code } : {}), [itemStep.field]: code },
      });
      answerLater(code, key, outcome);
    },
    [
      answerLater,
      apply,
      chooseRecord,
      fillAhead,
      finish,
      form,
      itemStep.field,
      scanHeld,
      scans,
      sendsAhead,
      station,
      store,
      t,
      unitStep,
      units,
    ],
  );

  const undo = useCallback(async () => {
    // Children first: the codes held are not written yet, so undo only lets the last one go.
    if (station.hold) return apply(dropHeld);
    const entry = lastAccepted(store.get());
    if (!station.undo || !entry || refuseWhileQueued(entry.code)) return;
    try {
      await callEndpoint(
        { method: toHttpMethod(station.undo.method), path: station.undo.path },
        {
          [station.undo.code]: entry.code,
          ...(station.undo.parent && entry.parent ? { [station.undo.parent]: entry.parent } : {}),
          ...(station.undo.reason ? { [station.undo.reason]: t("screens.station.undoReason") } : {}),
        },
      );
      apply(undoScan);
      refreshList();
    } catch (error) {
      apply((s) =>
        refuseScan(s, entry.code, error instanceof Error ? error.message : String(error), "screens.station.next.retry"),
      );
    }
  }, [apply, refreshList, refuseWhileQueued, station.hold, station.undo, store, t]);

  // The record the setup names is finished through its action; the setup then asks for the next one.
  const finishRecordNow = useCallback(async () => {
    if (!finish) return;
    const id = form.getFieldValue(finish.idField) as number | undefined;
    if (id === undefined || id === null || refuseWhileQueued(String(id))) return;
    try {
      const record = await callEndpoint<Record<string, unknown>>(
        { method: toHttpMethod(finish.method), path: finish.path },
        { id },
      );
      const label = record?.[finish.labelField];
      const next = finish.listPath ? "screens.station.next.record" : "screens.station.next.setup";
      apply(() =>
        finishRecord(typeof label === "string" || typeof label === "number" ? String(label) : String(id), next),
      );
      form.setFieldValue(finish.idField, undefined);
      refreshList();
    } catch (error) {
      const next = error instanceof ApiError ? "screens.station.next.scan" : "screens.station.next.retry";
      apply((s) => refuseScan(s, String(id), error instanceof Error ? error.message : String(error), next));
    }
  }, [apply, finish, form, refreshList, refuseWhileQueued]);

  /** Every scan and command waits for the one before: the ledger sees them in the order typed. */
  const enqueue = useCallback((work: () => Promise<void>) => {
    queue.current = queue.current.then(work, work);
  }, []);
  /** A command acts on what the server has answered: it waits for the verdicts on their way too. */
  const enqueueCommand = useCallback(
    (work: () => Promise<void>) =>
      enqueue(async () => {
        await answers.current;
        await work();
      }),
    [enqueue],
  );

  const onScan = (text: string) => {
    const { code } = readScannedCode(text);
    if (code) enqueue(() => handleScan(code));
  };
  const onCommand = (key: string): boolean => {
    if (key === CLOSE_UNIT_KEY && units) {
      enqueueCommand(() => Promise.resolve(apply(closeUnit)));
      return true;
    }
    if (key === CLOSE_UNIT_KEY && station.hold) {
      enqueueCommand(() => Promise.resolve(apply(expectLabel)));
      return true;
    }
    if (key === UNDO_KEY && (station.undo || station.hold)) {
      enqueueCommand(undo);
      return true;
    }
    if (key === FINISH_KEY && mayFinish && ready) {
      enqueueCommand(finishRecordNow);
      return true;
    }
    return false;
  };

  // The list below and the setup form change only with their own inputs: kept as elements, they are
  // not drawn again when the station is. A unit opening or closing draws the setup and the scanner's
  // label, which read it from the store, not the station.
  const setupForm = useMemo(
    () =>
      setupFields.length > 0 && (
        <StationSetup store={store} form={form} fields={setupFields} initialValues={initialSetup} />
      ),
    [form, initialSetup, setupFields, store],
  );
  const doneList = useMemo(() => <ListScreen config={config} readOnly />, [config]);
  // Shown only before the first verdict, and a unit opens with one: no unit is open then.
  const waitingKey = choosing
    ? "screens.station.next.record"
    : !ready
      ? "screens.station.next.setup"
      : units
        ? "screens.station.next.unit"
        : station.hold
          ? "screens.station.next.childOrLabel"
          : "screens.station.next.scan";
  const scanLabelOf = (unitOpen: boolean) => {
    const expected = choosing ? { field: finish!.idField } : units && !unitOpen ? unitStep! : itemStep;
    const field = t(config.fields.find((each) => each.name === expected.field)?.labelKey ?? expected.field);
    return t("screens.station.scanLabel", { field });
  };

  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }}>
      <Card title={t(station.titleKey)} size="small">
        <div className="station">
          {!allowed && <Alert type="warning" showIcon message={t("screens.station.notAllowed")} />}
          {setupForm}
          <StationScanner
            store={store}
            labelOf={scanLabelOf}
            disabled={!(ready || choosing) || !allowed}
            onScan={onScan}
            onCommand={onCommand}
          />
          <div className="station-camera-row">
            <CameraScanner disabled={!(ready || choosing) || !allowed} onScan={onScan} />
          </div>
          <StationVerdict store={store} waitingKey={waitingKey} />
          <StationQueue scans={scans} />
          <StationFigures store={store} units={units} hold={Boolean(station.hold)} />
          <StationButtons
            store={store}
            keys={KEYS}
            units={units}
            hold={Boolean(station.hold)}
            undo={Boolean(station.undo)}
            finishTitle={finish && mayFinish ? t(finish.titleKey) : undefined}
            ready={ready}
            onCommand={onCommand}
          />
        </div>
      </Card>
      {doneList}
    </Space>
  );
}
