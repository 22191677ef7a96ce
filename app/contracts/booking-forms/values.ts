/** The offline booking forms' choices, limits and answers, without zod: the pages import these; the schemas (schema.ts) build on them. */

/** Compressor flow (m³/min) and working pressure (MPa) as the venue offers them. */
export const COMPRESSOR_FLOWS = ["0.36", "0.6", "1.0", "1.5", "3.0"] as const;
export const COMPRESSOR_PRESSURES = ["0.7", "0.8", "1.0", "1.25"] as const;
export const COMPRESSOR_MAX_QUANTITY = 20;

const APPLICATION_STATUSES = ["submitted", "processing", "completed", "cancelled"] as const;
type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The map and the signed commitment: images or PDF, as their upload folders allow. */
export const BOOKING_FILE_KINDS = ["jpg", "png", "pdf"] as const satisfies readonly ("jpg" | "png" | "pdf")[];
export const BOOKING_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** What the API answers. */
export type AirCompressorApplication = {
  id: number;
  boothId: number | null;
  boothNo: string;
  source: "offline";
  status: ApplicationStatus;
  flow: string;
  pressure: string;
  quantity: number;
  startDate: string;
  endDate: string;
  contactName: string;
  contactPhone: string;
  remarks: string | null;
  createdAt: string;
  cancelledAt: string | null;
};

export type ElectricboxImage = { boothId: number; boothNo: string; fileUrl: string | null; fileName: string | null; updatedAt: string | null };

export type LeakageCommitment = {
  id: number;
  boothId: number;
  boothNo: string;
  equipmentName: string;
  powerKw: number;
  reason: string;
  signerName: string;
  scanUrl: string;
  scanName: string;
  rulesAcceptedAt: string;
  version: number;
  createdAt: string;
  updatedAt: string;
};

/** One of the caller's booths, as the forms offer them. */
export type BookingBooth = { id: number; boothNo: string; areaM2: number };

/** /index/judge: has the session's booth (else the caller's first) a location map? */
export type ElectricboxJudge = { uploaded: boolean; boothNo: string | null };
