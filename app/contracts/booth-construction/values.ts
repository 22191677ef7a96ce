/** Booth construction's lists and limits, without zod: the pages import these; the schemas (schema.ts) build on them. */

export const BUILD_INTENTS = ["draft", "submit"] as const;
export const FASCIA_MODES = ["standard", "custom"] as const;
export const WALLS = ["back", "left", "right"] as const;
export const CARPET_COLOURS = ["grey", "red", "blue", "green"] as const;
export const CARPET_SLOTS = ["am", "pm"] as const;
export const DRAWING_KINDS = ["design", "structure", "qualification"] as const;
export const REVIEW_SUBJECTS = ["fascia", "insurance", "commitment", "drawing"] as const;
export const REVIEW_STATUSES = ["submitted", "accepted", "returned"] as const;
export const DECISIONS = ["approve", "return"] as const;

export const FASCIA_NAME_ZH_MAX = 30;
export const FASCIA_NAME_EN_MAX = 60;
export const EXTRA_BOARDS_MAX = 10;
export const OTHER_REQUIREMENTS_MAX = 500;
export const COMMENT_MAX = 300;
export const COMMITMENT_SCANS_MAX = 10;
/** Drawings, calculations and qualifications: PDF or images, large sheets. */
export const DRAWING_KINDS_ACCEPTED = ["pdf", "jpg", "png"] as const;
export const DRAWING_MAX_BYTES = 50 * 1024 * 1024;
export const INSURANCE_MAX_BYTES = 10 * 1024 * 1024;
/** Insured amounts are typed in yuan; up to 100 million yuan. */
export const INSURED_MAX_CENTS = 10_000_000_000;
