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
