import type { ActionWindow } from "../calendar/values";
import type { EquipmentCode, EquipmentItem } from "./equipment";
import type { FasciaCheck } from "./fascia-rules";
import type { CARPET_COLOURS, CARPET_SLOTS, DRAWING_KINDS, REVIEW_STATUSES, REVIEW_SUBJECTS, WALLS } from "./schema";

/** What the booth construction API (/smeb/boothBuild/*) answers; the server domain and the pages share these. */

export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export type ReviewSubject = (typeof REVIEW_SUBJECTS)[number];
export type DrawingKind = (typeof DRAWING_KINDS)[number];
export type FileRef = { url: string; name: string };

/** The exhibition's construction calendar (days as YYYY-MM-DD, exhibition time UTC+8). */
export type ConstructionSettings = {
  buildUpFrom: string;
  buildUpTo: string;
  dismantleFrom: string;
  dismantleTo: string;
  insuranceMinCents: number;
};

export type ConstructionBooth = { boothId: number; boothNo: string; boothType: number; widthM: number; depthM: number; areaM2: number };

/** A schedule item's deadline (ISO) and whether it has passed; no item, no deadline. */
/** The calendar's window of this area's action (app/contracts/calendar/values.ts). */
export type DeadlineWindow = ActionWindow;

/** One line of a record's history: a submission or an organizer's decision with its comment. */
export type ConstructionEvent = { id: number; action: string; comment: string | null; actorLabel: string; createdAt: string };

/** A laying slot for carpet (the spec's 'carpet time'): a build-up day, morning or afternoon. */
export type CarpetTime = { day: string; slot: (typeof CARPET_SLOTS)[number] };

export type StandardBuild = {
  /** null until the first save. */
  id: number | null;
  booth: ConstructionBooth;
  status: "new" | "draft" | ReviewStatus;
  fasciaMode: "standard" | "custom";
  fasciaNameZh: string;
  fasciaNameEn: string;
  fasciaFile: FileRef | null;
  fasciaCheck: FasciaCheck | null;
  equipment: EquipmentItem[];
  unneededEquipment: EquipmentCode[];
  wallsRemoved: (typeof WALLS)[number][];
  extraBoards: number;
  positioningDate: string | null;
  carpetColour: string;
  carpetLayingDay: string | null;
  carpetLayingSlot: "am" | "pm" | null;
  otherRequirements: string;
  reviewComment: string | null;
  submittedAt: string | null;
  reviewedAt: string | null;
  version: number;
  /** Whether the exhibitor may still change it: before the deadline, and not accepted. */
  editable: boolean;
};

/** GET /smeb/boothBuild/carpetTime: the laying slots and the colours to choose from. */
export type CarpetOptions = { carpetTimes: CarpetTime[]; colours: readonly (typeof CARPET_COLOURS)[number][] };

/** GET /smeb/boothBuild/find */
export type StandardBuildAnswer = {
  build: StandardBuild;
  settings: ConstructionSettings;
  window: DeadlineWindow;
  carpetTimes: CarpetTime[];
  history: ConstructionEvent[];
};

export type Insurance = {
  id: number;
  boothId: number;
  boothNo: string;
  status: ReviewStatus;
  insurer: string;
  policyNo: string;
  insuredCents: number;
  validFrom: string;
  validTo: string;
  policyFile: FileRef;
  reviewComment: string | null;
  submittedAt: string;
  reviewedAt: string | null;
  version: number;
};

/** GET /smeb/boothBuild/insurance/find */
export type InsuranceAnswer = { booth: ConstructionBooth; insurance: Insurance | null; settings: ConstructionSettings; history: ConstructionEvent[] };

export type CommitmentStatus = "notSigned" | ReviewStatus;

export type Commitment = {
  id: number;
  boothId: number;
  boothNo: string;
  status: CommitmentStatus;
  responsiblePerson: string;
  builderCompany: string;
  /** Masked for everyone but the organizer (docs/product.md § Masked personal data). */
  mobile: string;
  rulesReadAt: string;
  /** The filled commitment the server made, to print, sign and stamp. */
  generatedPdf: FileRef | null;
  /** The stamped scans, combined into one PDF. */
  signedPdf: FileRef | null;
  reviewComment: string | null;
  submittedAt: string | null;
  reviewedAt: string | null;
  version: number;
};

/** GET /smeb/boothBuild/commitment/find */
export type CommitmentAnswer = { booth: ConstructionBooth; commitment: Commitment | null; history: ConstructionEvent[] };

export type DrawingVersion = {
  id: number;
  kind: DrawingKind;
  version: number;
  file: FileRef;
  note: string;
  status: ReviewStatus;
  reviewComment: string | null;
  reviewedAt: string | null;
  createdAt: string;
};

/** submit drawings → review → rectify → approved → build-up permit */
export const PROCESS_STEPS = ["submit", "review", "rectify", "approved", "permit"] as const;
export type ProcessStep = (typeof PROCESS_STEPS)[number];

/** GET /smeb/boothBuild/drawing/list */
export type DrawingProcess = {
  booth: ConstructionBooth;
  step: ProcessStep;
  /** Every version of each kind, newest first. */
  drawings: Record<DrawingKind, DrawingVersion[]>;
  insuranceStatus: ReviewStatus | null;
  commitmentStatus: CommitmentStatus | null;
  drawingSiteUrl: string | null;
};

/** One row of the organizer's review queue. */
export type ReviewItem = {
  subject: ReviewSubject;
  id: number;
  userId: number;
  exhibitorName: string;
  boothNo: string;
  status: ReviewStatus;
  /** What to look at: the fascia text, the policy number and amount, the drawing's kind and version… */
  summary: string;
  files: FileRef[];
  submittedAt: string | null;
  version: number | null;
  reviewComment: string | null;
};

/** GET /smeb/boothBuild/review/info: one record of the queue with its history. */
export type ReviewDetail = ReviewItem & { history: ConstructionEvent[] };

/** GET /smeb/boothBuild/review/list */
export type ReviewList = { items: ReviewItem[]; total: number; page: number; pageSize: number; counts: Record<ReviewStatus, number> };
