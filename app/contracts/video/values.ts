/** Promotional videos (issue 40, decision 037): the orientations and the job states. */
export const VIDEO_ORIENTATIONS = ["portrait", "landscape"] as const;
export type VideoOrientation = (typeof VIDEO_ORIENTATIONS)[number];

export type VideoState = "idle" | "queued" | "rendering" | "done" | "failed";

/** How often the page looks again while a job is queued or rendering (JS on; 5 s by meta refresh without). */
export const VIDEO_REFRESH_MS = 2000;
