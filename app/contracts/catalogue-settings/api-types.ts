import type { ServiceCategory } from "../orders/values";

/** A service as the organizer edits it: prices in cents, the order window as ISO times (null: no limit). */
export type ServiceSetting = {
  id: number;
  code: string;
  category: ServiceCategory;
  nameZh: string;
  nameEn: string;
  unitZh: string;
  unitEn: string;
  advanceCents: number;
  standardCents: number;
  onsiteCents: number;
  orderOpensAt: string | null;
  orderClosesAt: string | null;
  active: boolean;
  sort: number;
  /** Order lines or cart lines refer to it: it can be withdrawn (not offered) but not removed. */
  inUse: boolean;
};

/** The price periods the three prices belong to (YYYY-MM-DD, exhibition days); set on the calendar page. */
type PricePeriods = { advanceUntil: string | null; standardUntil: string; onsiteFrom: string };

export type ServiceSettingsPage = { list: ServiceSetting[]; total: number; page: number; pageSize: number; periods: PricePeriods };

export type AgentSetting = {
  id: number;
  code: string;
  nameZh: string;
  nameEn: string;
  regionsZh: string;
  regionsEn: string;
  introZh: string;
  introEn: string;
  contactEmail: string;
  contactPhone: string;
  active: boolean;
  sort: number;
  /** Exhibitors' requests went to it: it can be hidden but not removed. */
  inUse: boolean;
};

export type AgentSettingsPage = { list: AgentSetting[]; total: number; page: number; pageSize: number };
