import type { AccessStatus } from "./schema";

/** One grant to an entrusted contractor, as the exhibitor's ECReservation page shows it. */
export type ContractorAccessView = {
  accessId: number;
  companyName: string;
  contactName: string;
  email: string;
  boothId: number;
  boothNo: string;
  status: AccessStatus;
  /** sent: a code is out and usable; used: the contractor signed in with it; expired: void (time or tries). */
  codeState: "sent" | "used" | "expired" | "none";
  codeSentAt: string | null;
  codeExpiresAt: string | null;
  lastSignedInAt: string | null;
  revokedAt: string | null;
  createdAt: string;
  orderCount: number;
  orderTotalCents: number;
};

/** Who a contractor's session acts as: present in infoVO only for contractor sessions. */
export type ContractorIdentity = {
  accessId: number;
  companyName: string;
  contactName: string;
};

/** A contractor's fresh session (/login/contractorLogin): the ticket, its lifetimes and whom it is for. */
export type ContractorLoginTicket = {
  ticket: string;
  idleTimeoutSeconds: number;
  absoluteTimeoutSeconds: number;
  contractor: ContractorIdentity;
};
