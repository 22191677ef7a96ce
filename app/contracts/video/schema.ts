import * as z from "zod";
import "../common/zod-messages";
import { blank, idValue, listPaging, checkbox } from "../common/validation";
import { VIDEO_ORIENTATIONS } from "./values";
import "./texts";

/** The chosen exhibit ids: repeated fields, or one comma-separated value; none is an empty list. */
const idList = (v: unknown) =>
  v === undefined || v === "" ? [] : Array.isArray(v) ? v : typeof v === "string" || typeof v === "number" ? String(v).split(",") : v;

/** Start a generation: the orientation and the exhibits shown (none chosen: all, by their order, up to 8). */
export const videoStartSchema = z.object({
  orientation: z.preprocess(blank, z.enum(VIDEO_ORIENTATIONS, { message: "video.errors.orientation" }).default("portrait")),
  exhibitIds: z.preprocess(idList, z.array(idValue("video.exhibits"), { message: "video.errors.exhibitNotFound" }).max(8, "video.errors.tooManyExhibits")),
});

/** The public link's flags: whether it offers the file as a download, and whether it plays the approved company video. */
export const videoFlagsSchema = z.object({ downloadAllowed: checkbox, showsUploaded: checkbox });

/** A public video code, as /v/<code>.mp4 has it. */
export const videoPublicSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{6,40}$/, "video.errors.notFound"),
});

export const videoListSchema = z.object({ ...listPaging });
