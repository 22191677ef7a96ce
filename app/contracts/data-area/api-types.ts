import type { DataFileLanguage } from "./values";

/** Answers of the data area's endpoints (issue 41). */
export type DataClass = {
  id: number;
  nameZh: string;
  nameEn: string;
  sort: number;
  /** Hidden classes and their files are the organizer's only. */
  hidden: boolean;
  /** The logo and banner class: /index/bannerDownload offers its files. */
  banner: boolean;
  /** Files the caller sees in it. */
  fileCount: number;
};

export type DataFile = {
  id: number;
  classId: number;
  nameZh: string;
  nameEn: string;
  descriptionZh: string;
  descriptionEn: string;
  language: DataFileLanguage;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  downloads: number;
  sort: number;
  hidden: boolean;
  updatedAt: string;
};

export type DataFileList = { total: number; page: number; pageSize: number; items: DataFile[] };
