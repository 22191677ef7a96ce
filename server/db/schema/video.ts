import type { ColumnType, Generated } from "kysely";
import type { CreatedAt, Timestamp } from "./columns";

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** idle: a row made by a flag before any generation (0028-video-source). */
type VideoJobState = "idle" | "queued" | "rendering" | "done" | "failed";
type Orientation = "portrait" | "landscape";

/** An exhibitor's promotional video (0027-promotional-videos): its last job and its last good video. */
interface PromotionalVideoTable {
  id: Generated<number>;
  exhibition_id: number;
  user_id: number;
  public_code: string;
  state: ColumnType<VideoJobState, VideoJobState | undefined, VideoJobState>;
  progress: ColumnType<number, number | undefined, number>;
  error: Nullable<string>;
  orientation: ColumnType<Orientation, Orientation | undefined, Orientation>;
  /** The exhibits chosen for the last job, in order (empty: all, by their order). */
  exhibit_ids: ColumnType<unknown, string | undefined, string>;
  generation: ColumnType<number, number | undefined, number>;
  attempts: ColumnType<number, number | undefined, number>;
  mp4_key: Nullable<string>;
  poster_key: Nullable<string>;
  video_orientation: Nullable<Orientation>;
  /** bigint: node-postgres reads it as a string. */
  size_bytes: Nullable<string | number>;
  duration_ms: Nullable<number>;
  video_at: Nullable<Date | string>;
  download_allowed: ColumnType<boolean, boolean | undefined, boolean>;
  /** The public link plays the approved profile's company video instead of the generated one (0028-video-source). */
  shows_uploaded: ColumnType<boolean, boolean | undefined, boolean>;
  started_at: Nullable<Date | string>;
  finished_at: Nullable<Date | string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** The video table, part of DB (./index.ts). */
export interface VideoTables {
  promotional_videos: PromotionalVideoTable;
}
