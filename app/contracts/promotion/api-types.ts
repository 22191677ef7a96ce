import type { InvitationLanguage } from "./values";

/** One exhibit as the pages and the API show it. */
export type ExhibitView = {
  id: number;
  nameZh: string;
  nameEn: string;
  descriptionZh: string;
  descriptionEn: string;
  classId: number | null;
  /** The class's name in the caller's language. */
  className: string | null;
  images: { url: string }[];
  sort: number;
  version: number;
  updatedAt: string;
};

/** The caller's exhibits, first to last, and how many it may keep. */
export type ExhibitList = { items: ExhibitView[]; max: number };

export type ExhibitRemoved = { id: number };

/** A template the organizer offers: its name in the caller's language, its language, how many exhibits it shows. */
export type InvitationTemplateView = { id: number; name: string; language: InvitationLanguage; exhibitSlots: number; backgroundUrl: string | null };

/** One of the caller's invitations; exhibits deleted since are left out. */
export type InvitationView = {
  id: number;
  name: string;
  companyName: string;
  template: InvitationTemplateView;
  exhibits: { id: number; nameZh: string; nameEn: string }[];
  version: number;
  updatedAt: string;
};

export type InvitationList = { items: InvitationView[] };
export type InvitationRemoved = { id: number };

/** A template as the organizer manages it: both names, whether exhibitors are offered it, how many invitations use it. */
export type TemplateAdminView = {
  id: number;
  nameZh: string;
  nameEn: string;
  language: InvitationLanguage;
  exhibitSlots: number;
  backgroundUrl: string | null;
  sort: number;
  active: boolean;
  invitations: number;
  updatedAt: string;
};
