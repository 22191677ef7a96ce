/** The data area (issue 41): the organizer's downloadable files, by class. */

/** A file is in one language, or for both. */
export const DATA_FILE_LANGUAGES = ["all", "zh", "en"] as const;
export type DataFileLanguage = (typeof DATA_FILE_LANGUAGES)[number];

export const DATA_CLASS_NAME_MAX = 40;
export const DATA_FILE_NAME_MAX = 100;
export const DATA_FILE_DESCRIPTION_MAX = 500;
export const DATA_KEYWORD_MAX = 50;

/** What the organizer may publish: documents, spreadsheets, pictures (the logo and banner files), at most 50 MB. */
export const DATA_FILE_UPLOAD = {
  folder: "data-file" as const,
  kinds: ["pdf", "xls", "xlsx", "jpg", "png"] as ("pdf" | "xls" | "xlsx" | "jpg" | "png")[],
  maxBytes: 50 * 1024 * 1024,
};

export const DATA_AREA_PATH = "/dataArea/index";
export const DATA_FILES_ADMIN_PATH = "/dataArea/files";
/** Where an exhibitor downloads a file (a resource route; counts the download). */
export const dataFileDownloadPath = (id: number) => `/dataArea/download/${id}`;
