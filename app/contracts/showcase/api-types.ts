/** One of the exhibitor's exhibits, as the showcase page offers it. */
export type ShowcaseCandidate = { id: number; nameZh: string; nameEn: string; imageUrl: string | null };

/** The exhibitor's own showcase: its exhibits to choose from, the chosen ones in order, the switches and the public link. */
export type ShowcaseMine = {
  candidates: ShowcaseCandidate[];
  /** The chosen exhibits' ids, first to last (empty before the first save). */
  selected: number[];
  enabled: boolean;
  hiddenByOrganizer: boolean;
  /** The public link, once a selection is saved. */
  publicUrl: string | null;
  max: number;
};

/** POST /wx/getMiniQrCode: the link the QR code opens and the QR code as a PNG data URL. */
export type ShowcaseQr = { url: string; png: string };

/** One exhibitor's showcase as the organizer lists it. */
export type ShowcaseAdminRow = {
  id: number;
  company: string;
  username: string;
  code: string;
  enabled: boolean;
  hidden: boolean;
  exhibits: number;
  updatedAt: string;
};

/** An exhibit on the public page: its name and description in the visitor's language, whether it has a picture. */
type ShowcasePublicExhibit = { position: number; name: string; description: string; hasImage: boolean };

/** GET /showcase/public/info: what the public page shows (only approved profile data). */
export type ShowcasePublic = {
  company: string;
  exhibition: string;
  booths: { hall: string; boothNo: string }[];
  hasLogo: boolean;
  introduction: string;
  /** The exhibitor's last generated promotional video (decision 037), or null. */
  video: { url: string; posterUrl: string | null } | null;
  exhibits: ShowcasePublicExhibit[];
  /** The visitor pre-registration, counted to this exhibitor. */
  registerPath: string;
};
