import type { SubmissionResult } from "@conform-to/react";

/** The calendar page's action reply: the refused form's result (what was typed, the errors), or a post it did not understand. */
export type CalendarReply = { intent: "dates" | "deadlines" | "buttons"; result: SubmissionResult<string[]> } | { intent: "unknown"; error: string };
