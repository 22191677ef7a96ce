/** The bus and parking guides (issue 41): the exhibition's shuttle buses and car parks. */

export const GUIDES = ["bus", "parking"] as const;
export type Guide = (typeof GUIDES)[number];

export const GUIDE_NAME_MAX = 60;
export const GUIDE_NOTE_MAX = 300;
export const GUIDE_ADDRESS_MAX = 200;
export const GUIDE_INTRO_MAX = 10_000;
export const CAR_PARK_TEXT_MAX = 300;
export const CAR_PARK_CAPACITY_MAX = 100_000;
export const BUS_INTERVAL_MAX = 240;

/** A car park's map: a picture, at most 5 MB (folder guide-map). */
export const GUIDE_MAP_UPLOAD = {
  folder: "guide-map" as const,
  kinds: ["jpg", "png"] as ("jpg" | "png")[],
  maxBytes: 5 * 1024 * 1024,
  maxCount: 1,
};

export const BUS_GUIDE_PATH = "/HT/busGuide";
export const PARKING_GUIDE_PATH = "/HT/parkingGuide";
export const GUIDES_ADMIN_PATH = "/HT/guides";
/** A car park's map picture (a resource route). */
export const carParkMapPath = (id: number) => `/HT/parkingGuide/map/${id}`;

/** HH:MM, 00:00 to 23:59. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

const WEEKDAYS = { zh: ["周日", "周一", "周二", "周三", "周四", "周五", "周六"], en: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] };
const MONTHS_EN = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** An exhibition day (YYYY-MM-DD) as a reader says it: "12月8日（周二）", "Tue 8 Dec". */
export function dayLabel(day: string, language: "zh" | "en"): string {
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  const weekday = WEEKDAYS[language][d.getUTCDay()];
  return language === "zh" ? `${d.getUTCMonth() + 1}月${d.getUTCDate()}日（${weekday}）` : `${weekday} ${d.getUTCDate()} ${MONTHS_EN[d.getUTCMonth()]}`;
}
