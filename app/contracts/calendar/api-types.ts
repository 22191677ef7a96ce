import type { CalendarEnd } from "./values";

/** Answers of the exhibition calendar endpoints (issue 39, decision 035): the organizer's dates, deadlines and button windows. */

/** The exhibition's own days, YYYY-MM-DD (exhibition days, UTC+8). */
export type CalendarDates = {
  opensOn: string;
  endsOn: string;
  buildUpFrom: string;
  buildUpTo: string;
  dismantleFrom: string;
  dismantleTo: string;
  /** The last day of advance prices; null while the exhibition has none. */
  advanceUntil: string | null;
  /** Standard prices run until the day before opening (read-only). */
  standardUntil: string;
};

export type CalendarItem = { id: number; title: string; titleEn: string; deadline: string; doneCheck: string | null };

export type CalendarButton = {
  id: number;
  menuId: number;
  menuName: string;
  menuNameEn: string;
  name: string;
  nameEn: string;
  /** ISO instants, or null for none. */
  effectStart: string | null;
  effectEnd: string | null;
  /** A calendar end (EXHIBITION_DATE_ENDS or a checklist item's done check), or null for a fixed time. */
  closesWith: CalendarEnd | null;
  closedMessage: string | null;
  closedMessageEn: string | null;
  /** When the window ends: the calendar date it closes with, else effectEnd (ISO); null for no end. */
  resolvedEnd: string | null;
};

export type ExhibitionCalendar = {
  dates: CalendarDates;
  items: CalendarItem[];
  buttons: CalendarButton[];
  /** Every calendar end this exhibition has, with the instant it ends (ISO). */
  ends: { key: string; end: string }[];
};
