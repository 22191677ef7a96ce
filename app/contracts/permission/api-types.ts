import type { ContractorIdentity } from "../contractors/api-types";
import type { TeamIdentity } from "../team/api-types";

/** Shapes of the exhibition API's data, shared by our API implementation and the web app. */
export type BoothSummary = { boothId: number; boothNo: string; boothArea: number; boothType: number };

type InfoVO = {
  id: number;
  username: string;
  roleId: number;
  businessName: string | null;
  businessNameEn: string | null;
  boothId: number | null;
  boothNo: string | null;
  boothArea: number | null;
  boothType: number | null;
  sysCurrentTime: number;
  exhibitName: string | null;
  /** The exhibition's code (some menu rules apply to one named exhibition). */
  exhibitCode?: string | null;
  /** Masked (first 4 and last digit) unless the caller is roleId 1. */
  contactPhone?: string | null;
  contactEmail?: string | null;
  /** The chosen background (skin1..skin3), or null for the default. */
  skin?: string | null;
  booths: BoothSummary[];
  /** Set when an entrusted contractor is signed in for this exhibitor (ECReservation). */
  contractor?: ContractorIdentity | null;
  /** Who the person is on a team (docs/decisions/069): a member of the company, a staff account; absent for anyone else. */
  team?: TeamIdentity | null;
};

export type MenuItem = {
  id: number;
  pid: number;
  route: string;
  name: string;
  nameEn: string;
  icon: string | null;
  isMenu: number;
  hidden: boolean;
  remark: string | null;
  url: string | null;
  list: MenuItem[];
};

export type ButtonAuth = {
  id: number;
  url: string;
  name: string;
  nameEn: string;
  pid: number;
  buttonEffectStartTime: string | null;
  /** The window's end: a fixed time, or the calendar date named by closesWith in the user's exhibition. */
  buttonEffectEndTime: string | null;
  closedMessage: string | null;
  closedMessageEn: string | null;
  /** The calendar date the window ends with (app/contracts/calendar/values.ts), if any. */
  closesWith: string | null;
};

export type PermissionInfo = { infoVO: InfoVO; menuAuths: MenuItem[]; auths: ButtonAuth[] };

export type Captcha = { captchaId: string; image: string; width: number; height: number; target?: string };

export type HomeContentPage = { slug: string; title: string; titleEn: string; body: string; bodyEn: string };

export type ScheduleStatus = "done" | "overdue" | "dueSoon" | "open";

/** One entry of the important dated checklist (/smeb/worksheet/worksheet). */
export type WorksheetItem = {
  id: number;
  title: string;
  titleEn: string;
  /** ISO 8601, UTC. */
  deadline: string;
  link: string;
  status: ScheduleStatus;
};
