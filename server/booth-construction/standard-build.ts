import { sql } from "kysely";
import type {
  CarpetTime,
  ConstructionBooth,
  ConstructionSettings,
  DeadlineWindow,
  StandardBuild,
  StandardBuildAnswer,
} from "../../app/contracts/booth-construction/api-types";
import { EQUIPMENT_CODES, equipmentFor, type EquipmentCode } from "../../app/contracts/booth-construction/equipment";
import { fasciaImageProblem, type FasciaCheck } from "../../app/contracts/booth-construction/fascia-rules";
import {
  CARPET_COLOURS,
  CARPET_SLOTS,
  FASCIA_NAME_EN_MAX,
  FASCIA_NAME_ZH_MAX,
  WALLS,
  type StandardBuildInput,
} from "../../app/contracts/booth-construction/schema";
import { withProp } from "../../app/contracts/common/validation";
import { ApiCode, ApiError, notFound } from "../api/envelope";
import { appClock } from "../clock";
import type { Database, Db } from "../db/database";
import { actionWindow, requireActionOpen } from "../auth/button-check";
import { DEADLINE_ACTIONS } from "../../app/contracts/calendar/values";
import { addDays } from "../../app/contracts/common/exhibition-time";
import type { ObjectStore } from "../uploads/object-store";
import { constructionBooth, constructionSettings, historyOf, ownFileId, recordOwnEvent, STANDARD_BOOTH, staleRecord } from "./common";
import type { Caller } from "../auth/caller";
import { JPEG_HEAD_BYTES, readJpegInfo } from "./fascia-image";
import { iso, day } from "../db/column-values";
import { exhibitorNamesOf } from "../exhibitor/names";
import { isUniqueViolation } from "../db/unique-violation";
import { fileRefs } from "../uploads/own-upload";

/**
 * The standard booth build (spec /boothConstruction/standardConstruction, booth type 1 only): the
 * fascia board (the standard board's company names, or custom artwork), equipment not needed,
 * partition walls, early positioning and the carpet. One row per booth; a draft may be saved as
 * often as wanted, a submission waits for the organizer. Everything is refused after the
 * 'fascia-submitted' schedule item is due. Changes carry the version they were read at.
 */
const FASCIA_FOLDER = "booth-fascia";
const CDR_TYPE = "application/vnd.corel-draw";
const JPEG_TYPE = "image/jpeg";
/** A build-up period is days long; this only stops a misconfigured calendar from making thousands of slots. */
const MAX_BUILD_UP_DAYS = 60;

/** The standard build form is open inside the window of the calendar's button (decision 035: by default until the fascia deadline). */
const buildWindow = (db: Database, caller: Caller): Promise<DeadlineWindow> => actionWindow(db, caller, DEADLINE_ACTIONS.standardBuild);

/** Refuses a change outside the window, naming the deadline; the organizer is not held. */
const requireBuildOpen = (db: Database, caller: Caller) => requireActionOpen(db, caller, DEADLINE_ACTIONS.standardBuild, "boothConstruction.errors.closed");

/** Carpet is laid on a build-up day, morning or afternoon: every such slot. */
export function carpetTimesOf(settings: ConstructionSettings): CarpetTime[] {
  const times: CarpetTime[] = [];
  for (let d = settings.buildUpFrom, n = 0; d <= settings.buildUpTo && n < MAX_BUILD_UP_DAYS; d = addDays(d, 1), n++) {
    for (const slot of CARPET_SLOTS) times.push({ day: d, slot });
  }
  return times;
}

function selectBuild(db: Db, caller: Caller, boothId: number) {
  return db
    .selectFrom("standard_builds")
    .selectAll()
    .where("booth_id", "=", boothId)
    .where("user_id", "=", caller.userId)
    .where("exhibition_id", "=", caller.exhibitionId);
}
type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof selectBuild>["executeTakeFirst"]>>>;

/** jsonb arrives parsed from both drivers; a string is parsed here in case. */
function json(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}
function listOf<T extends string>(value: unknown, allowed: readonly T[]): T[] {
  const list = json(value);
  return Array.isArray(list) ? list.filter((v): v is T => allowed.includes(v as T)) : [];
}
const firstChars = (text: string, max: number) => [...text].slice(0, max).join("");

/**
 * A booth without a build starts from the exhibitor's company names: the submitted profile's
 * (what the organizer reviewed), else the account's business names.
 */
async function defaultNames(db: Database, caller: Caller) {
  const names = (await exhibitorNamesOf(db, caller.exhibitionId, [caller.userId], "reviewed")).get(caller.userId);
  return {
    zh: firstChars(names?.zh ?? "", FASCIA_NAME_ZH_MAX),
    en: firstChars(names?.en ?? "", FASCIA_NAME_EN_MAX),
  };
}

async function viewOf(db: Database, caller: Caller, booth: ConstructionBooth, row: Row | undefined, window: DeadlineWindow): Promise<StandardBuild> {
  const equipment = equipmentFor(booth);
  if (!row) {
    const names = await defaultNames(db, caller);
    return {
      id: null,
      booth,
      status: "new",
      fasciaMode: "standard",
      fasciaNameZh: names.zh,
      fasciaNameEn: names.en,
      fasciaFile: null,
      fasciaCheck: null,
      equipment,
      unneededEquipment: [],
      wallsRemoved: [],
      extraBoards: 0,
      positioningDate: null,
      carpetColour: "grey",
      carpetLayingDay: null,
      carpetLayingSlot: null,
      otherRequirements: "",
      reviewComment: null,
      submittedAt: null,
      reviewedAt: null,
      version: 0,
      editable: !window.closed,
    };
  }
  const files = await fileRefs(db, [row.fascia_file_id]);
  return {
    id: row.id,
    booth,
    status: row.status,
    fasciaMode: row.fascia_mode,
    fasciaNameZh: row.fascia_name_zh,
    fasciaNameEn: row.fascia_name_en,
    fasciaFile: row.fascia_file_id ? (files.get(row.fascia_file_id) ?? null) : null,
    fasciaCheck: (json(row.fascia_check) as FasciaCheck | null) ?? null,
    equipment,
    unneededEquipment: listOf(row.unneeded_equipment, EQUIPMENT_CODES),
    wallsRemoved: listOf(row.walls_removed, WALLS),
    extraBoards: row.extra_boards,
    positioningDate: day(row.positioning_date),
    carpetColour: row.carpet_colour,
    carpetLayingDay: day(row.carpet_laying_day),
    carpetLayingSlot: row.carpet_laying_slot,
    otherRequirements: row.other_requirements,
    reviewComment: row.review_comment,
    submittedAt: iso(row.submitted_at),
    reviewedAt: iso(row.reviewed_at),
    version: row.version,
    editable: !window.closed && row.status !== "accepted" && row.status !== "submitted",
  };
}

async function answerFor(db: Database, caller: Caller, booth: ConstructionBooth): Promise<StandardBuildAnswer> {
  const [row, settings, window] = await Promise.all([
    selectBuild(db, caller, booth.boothId).executeTakeFirst(),
    constructionSettings(db, caller.exhibitionId),
    buildWindow(db, caller),
  ]);
  return {
    build: await viewOf(db, caller, booth, row, window),
    settings,
    window,
    carpetTimes: carpetTimesOf(settings),
    history: row ? await historyOf(db, "fascia", [row.id]) : [],
  };
}

/** GET find: the booth's build, or a new one prefilled. */
export async function findStandardBuild(db: Database, caller: Caller, boothId: number | undefined): Promise<StandardBuildAnswer> {
  return answerFor(db, caller, await constructionBooth(db, caller, boothId, [STANDARD_BOOTH]));
}

/** GET carpetTime: the laying slots and the colours. */
export async function carpetOptions(db: Database, caller: Caller, boothId: number | undefined) {
  await constructionBooth(db, caller, boothId, [STANDARD_BOOTH]);
  return { carpetTimes: carpetTimesOf(await constructionSettings(db, caller.exhibitionId)), colours: CARPET_COLOURS };
}

type FieldProblem = { field: string; key: string; values?: Record<string, unknown> };

/** Every field the server refuses at once, the first one as the message. */
function refuseFields(problems: FieldProblem[]) {
  const first = problems[0]!;
  const fields: Record<string, string[]> = {};
  for (const p of problems) (fields[p.field] ??= []).push(p.key);
  return new ApiError(ApiCode.badRequest, first.key, first.values ?? {}, { fields });
}

/** The rules that need the booth and the exhibition's calendar (the schema checked the rest). */
function calendarProblems(input: StandardBuildInput, booth: ConstructionBooth, settings: ConstructionSettings): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const buildUp = { from: settings.buildUpFrom, to: settings.buildUpTo };
  const outside = (d: string | undefined) => Boolean(d) && (d! < buildUp.from || d! > buildUp.to);
  if (outside(input.positioningDate)) problems.push({ field: "positioningDate", key: "boothConstruction.errors.positioningOutsideBuildUp", values: buildUp });
  if (outside(input.carpetLayingDay)) problems.push({ field: "carpetLayingDay", key: "boothConstruction.errors.carpetOutsideBuildUp", values: buildUp });
  const included = new Set(equipmentFor(booth).map((item) => item.code));
  if (input.unneededEquipment.some((code) => !included.has(code)))
    problems.push({ field: "unneededEquipment", key: withProp("validation.correct", "boothConstruction.fields.unneededEquipment") });
  return problems;
}

const fasciaProblem = (key: string, values: Record<string, unknown> = {}) =>
  refuseFields([{ field: "fasciaFileUrl", key: `boothConstruction.errors.${key}`, values }]);

/**
 * The custom artwork: the caller's own file in the fascia folder. A CDR is checked by a person; a
 * JPG's header is read here for its size and dpi (only the head: the frame header is near the
 * start) and refused when it cannot be printed on the board. The same file as stored keeps its check.
 */
async function checkedFascia(
  db: Database,
  store: ObjectStore,
  caller: Caller,
  url: string,
  current: Row | undefined,
): Promise<{ fileId: string; check: FasciaCheck }> {
  const file = await ownFileId(db, caller, url, FASCIA_FOLDER, "fasciaFileUrl");
  const stored = current?.fascia_file_id === file.id ? (json(current.fascia_check) as FasciaCheck | null) : null;
  if (stored) return { fileId: file.id, check: stored };
  if (file.contentType === CDR_TYPE) return { fileId: file.id, check: { kind: "cdr", manual: true } };
  if (file.contentType !== JPEG_TYPE) throw fasciaProblem("fasciaUnreadable");
  const head = await store.readRange(file.storageKey, 0, Math.min(file.sizeBytes, JPEG_HEAD_BYTES) - 1).catch(() => null);
  const image = head ? readJpegInfo(head) : null;
  if (!image) throw fasciaProblem("fasciaUnreadable");
  const problem = fasciaImageProblem(image);
  if (problem?.key === "ratio") throw fasciaProblem("fasciaRatio", { ratio: problem.ratio });
  if (problem?.key === "resolution") throw fasciaProblem("fasciaResolution", { pixels: problem.pixels.toLocaleString("en-US") });
  return { fileId: file.id, check: { kind: "jpg", widthPx: image.widthPx, heightPx: image.heightPx, dpi: image.dpi, manual: false } };
}

/**
 * POST create (the booth has no build yet) and update (with the version read). 'draft' keeps it
 * the exhibitor's (a returned build saved as a draft is a draft again); 'submit' sends it to the
 * organizer. A submitted build waits for the decision; an accepted one is final.
 */
export async function saveStandardBuild(
  deps: { db: Database; store: ObjectStore },
  caller: Caller,
  input: StandardBuildInput,
  mode: "create" | "update",
): Promise<StandardBuildAnswer> {
  const { db, store } = deps;
  const booth = await constructionBooth(db, caller, input.boothId, [STANDARD_BOOTH]);
  await requireBuildOpen(db, caller);
  const current = await selectBuild(db, caller, booth.boothId).executeTakeFirst();
  if (mode === "create" && current) throw staleRecord();
  if (mode === "update") {
    if (!current) throw notFound();
    if (input.version === undefined) throw refuseFields([{ field: "version", key: withProp("validation.required", "boothConstruction.fields.record") }]);
    if (current.status === "submitted") throw new ApiError(ApiCode.conflict, "boothConstruction.errors.underReview");
    if (current.status === "accepted") throw new ApiError(ApiCode.conflict, "boothConstruction.errors.locked");
    if (current.version !== input.version) throw staleRecord();
  }
  const problems = calendarProblems(input, booth, await constructionSettings(db, caller.exhibitionId));
  if (problems.length) throw refuseFields(problems);
  // Artwork only in custom mode: switching to the standard board drops it.
  const fascia = input.fasciaMode === "custom" && input.fasciaFileUrl ? await checkedFascia(db, store, caller, input.fasciaFileUrl, current) : null;

  const submit = input.intent === "submit";
  const values = {
    status: submit ? ("submitted" as const) : ("draft" as const),
    fascia_mode: input.fasciaMode,
    fascia_name_zh: input.fasciaNameZh ?? "",
    fascia_name_en: input.fasciaNameEn ?? "",
    fascia_file_id: fascia?.fileId ?? null,
    fascia_check: fascia ? JSON.stringify(fascia.check) : null,
    unneeded_equipment: JSON.stringify([...new Set(input.unneededEquipment)] satisfies EquipmentCode[]),
    walls_removed: JSON.stringify([...new Set(input.wallsRemoved)]),
    extra_boards: input.extraBoards,
    positioning_date: input.positioningDate ?? null,
    carpet_colour: input.carpetColour,
    carpet_laying_day: input.carpetLayingDay ?? null,
    carpet_laying_slot: input.carpetLayingSlot ?? null,
    other_requirements: input.otherRequirements ?? "",
    ...(submit ? { submitted_at: appClock.now() } : {}),
  };
  try {
    await db.transaction().execute(async (trx) => {
      let recordId: number;
      if (mode === "create") {
        const row = await trx
          .insertInto("standard_builds")
          .values({ exhibition_id: caller.exhibitionId, user_id: caller.userId, booth_id: booth.boothId, ...values })
          .returning("id")
          .executeTakeFirstOrThrow();
        recordId = row.id;
      } else {
        // The version and status read above, again in the statement: a change or decision meanwhile wins.
        const row = await trx
          .updateTable("standard_builds")
          .set({ ...values, version: sql<number>`version + 1`, updated_at: appClock.now() })
          .where("id", "=", current!.id)
          .where("user_id", "=", caller.userId)
          .where("version", "=", input.version!)
          .where("status", "in", ["draft", "returned"])
          .returning("id")
          .executeTakeFirst();
        if (!row) throw staleRecord();
        recordId = row.id;
      }
      await recordOwnEvent(trx, caller, { boothId: booth.boothId, subject: "fascia", recordId, action: submit ? "submit" : "save" });
    });
  } catch (error) {
    // Two tabs creating at once: the unique booth index lets one in.
    if (isUniqueViolation(error)) throw staleRecord();
    throw error;
  }
  return answerFor(db, caller, booth);
}
