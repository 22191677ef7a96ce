import type { Request, Response } from "express";
import type { ApiDeps } from "../api/context";
import type { SessionUser } from "../api/require-session";
import { areaOfApiPath } from "./api-areas";
import { actorOf, changeValue, companyOf, historyNoteOf, recordHistory } from "./history-record";
import { isRecordedPath, kindOfPath, sentFields } from "./history-kinds";
import { namedFiles, newestRecordOf, recordIdsOf, RECORD_TABLES, rowChanges, type RecordSnapshot, snapshotRecords } from "./history-records";
import { isArea } from "../../app/contracts/team/areas";
import type { HistoryRecordType } from "../../app/contracts/team/schema";

type Before = { type: HistoryRecordType; snapshots: RecordSnapshot[] } | null;

const contextOf = (res: Response) => ({
  caller: res.locals.sessionUser as SessionUser | undefined,
  deps: res.locals.apiDeps as ApiDeps | undefined,
});

/** The records a call names in its request, as they are before it runs (server/team/history-records.ts). */
export async function recordsBefore(req: Request, res: Response, body: unknown): Promise<Before> {
  const { caller, deps } = contextOf(res);
  if (!caller || !deps || !isRecordedPath(req.path)) return null;
  const named = recordIdsOf(req.path, body, undefined, companyOf(caller));
  if (!named?.ids.length) return named ? { type: named.type, snapshots: [] } : null;
  return { type: named.type, snapshots: await snapshotRecords(deps.db, named.type, named.ids) };
}

/**
 * The history entries of one successful change through the API (server/api/mount.ts calls it after
 * the handler, before the answer): who (the session), the area and kind (by path), the record with
 * each changed field's old and new value when the path names one (history-records.ts), else what the
 * route noted (noteHistory), else the fields sent. A failure to write it is logged and the answer
 * still goes: the change itself is made and must not be reported as failed.
 */
export async function recordApiChange(req: Request, res: Response, input: unknown, answer: unknown, before: Before) {
  const { caller, deps } = contextOf(res);
  if (!caller || !deps || res.statusCode >= 400 || !isRecordedPath(req.path)) return;
  try {
    const note = historyNoteOf(res);
    const area = areaOfApiPath(req.path);
    const base = {
      exhibitionId: caller.user.exhibitionId,
      actor: actorOf(caller),
      area: isArea(area) ? area : null,
      kind: note?.kind ?? kindOfPath(req.path),
      action: req.path,
      summary: note?.summary ?? null,
    };
    const named = recordIdsOf(req.path, input, answer, companyOf(caller));
    if (named?.newest) named.ids = await newestRecordOf(deps.db, named.type, companyOf(caller));
    if (named?.ids.length) {
      const after = await snapshotRecords(deps.db, named.type, named.ids);
      for (const now of after) {
        const old = before?.snapshots.find((s) => s.id === now.id);
        const owner = now.owner ?? old?.owner ?? null;
        await recordHistory(deps.db, {
          ...base,
          area: base.area ?? RECORD_TABLES[named.type].area,
          companyUserId: owner,
          recordType: named.type,
          recordId: now.id,
          changes: await namedFiles(deps.db, rowChanges(old?.row ?? null, now.row)),
        });
      }
      return;
    }
    const changes = await namedFiles(
      deps.db,
      note?.changes ??
        sentFields(input)
          .map(({ field, value }) => ({ field, old: null, new: changeValue(value) }))
          .filter((change) => change.new !== null),
    );
    const companyUserId = note?.companyUserId !== undefined ? note.companyUserId : companyOf(caller);
    const recordIds = note?.recordIds.length ? note.recordIds : [inputId(input)];
    for (const recordId of recordIds) await recordHistory(deps.db, { ...base, companyUserId, recordType: note?.recordType ?? null, recordId, changes });
  } catch (error) {
    deps.logger.error({ err: error, path: req.path }, "history entry not written");
  }
}

/** The record a request names by its `id` field, when the route noted nothing. */
function inputId(input: unknown): string | null {
  if (!input || typeof input !== "object") return null;
  const id = (input as Record<string, unknown>).id;
  return typeof id === "string" || typeof id === "number" ? String(id) : null;
}
