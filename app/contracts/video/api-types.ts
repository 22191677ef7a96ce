import type { VideoOrientation, VideoState } from "./values";

/** Answers of the promotional video endpoints (issue 40, decision 037). */
export type VideoFile = {
  /** The public playback link (shareable): /v/<code>.mp4; with ?download=1 a download where allowed. */
  url: string;
  posterUrl: string;
  orientation: VideoOrientation;
  sizeBytes: number;
  durationMs: number;
  /** When it was made (ISO). */
  madeAt: string;
};

export type VideoStatus = {
  /** idle: never started. */
  state: VideoState;
  /** The exhibitor chose to have the public link play its approved company video (the profile's). */
  showsUploaded: boolean;
  /** The approved profile has a company video the link may play. */
  uploadedAvailable: boolean;
  /** What the public link plays now, or null (nothing to play yet). */
  shown: "generated" | "uploaded" | null;
  /** The shareable link (/v/<code>.mp4) when it plays something. */
  shareUrl: string | null;
  progress: number;
  /** A failed job's reason, as a text key (video.errors.*) or ffmpeg's last words. */
  error: string | null;
  orientation: VideoOrientation;
  exhibitIds: number[];
  downloadAllowed: boolean;
  publicCode: string | null;
  /** The last good video: kept while a new one renders or when it fails. */
  video: VideoFile | null;
  startedAt: string | null;
  finishedAt: string | null;
};

type VideoListRow = {
  userId: number;
  username: string;
  companyName: string;
  state: VideoState;
  progress: number;
  error: string | null;
  video: VideoFile | null;
  showsUploaded: boolean;
  downloadAllowed: boolean;
  updatedAt: string;
};

export type VideoList = { total: number; rows: VideoListRow[] };

/** The public video page of a code (/exhibitorInfo/promotionalVideo?code=…): no session needed. */
export type PublicVideoPage = {
  company: string;
  booths: { boothNo: string; hall: string }[];
  video: { url: string; posterUrl: string | null; downloadUrl: string | null; orientation: VideoOrientation };
};
