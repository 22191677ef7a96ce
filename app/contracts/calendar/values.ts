/**
 * The exhibition calendar (issue 39, decision 035): the dates a button's window can end with, and the
 * actions that close with the calendar. Shared by the server, the pages and the seed (zod-free).
 *
 * A button (spec point 6) has a window: from its start, until its end. When its `closesWith` names a
 * calendar date, its end is that date of the user's exhibition: a checklist item's deadline (by the
 * item's done check) or one of the exhibition's own dates below. That is the one mechanism every
 * deadline-bound action uses: the page shows or hides the button by it, the API refuses by it.
 */

/** The exhibition's own dates a window can end with (ends of exhibition days, UTC+8). */
export const EXHIBITION_DATE_ENDS = ["exhibition-opens", "exhibition-closes", "build-up-ends", "advance-prices-end"] as const;
export type ExhibitionDateEnd = (typeof EXHIBITION_DATE_ENDS)[number];

/** A button's calendar end: an exhibition date or a checklist item's done check. */
export type CalendarEnd = ExhibitionDateEnd | (string & {});

export type DeadlineAction = {
  /** The button's id (button_auths.id; the seed adds it). */
  buttonId: number;
  /** The page's menu id: the button counts only under it. */
  menuId: number;
  url: string;
  name: string;
  nameEn: string;
  /** What the window ends with, unless the organizer changes it on the calendar page. */
  closesWith: CalendarEnd;
};

/**
 * Every action whose window the calendar closes. The organizer is never held (roleId 1 sees every
 * button); an exhibitor's role is granted these buttons, so the window alone decides.
 */
export const DEADLINE_ACTIONS = {
  /** Apply for, change, delete and import badges: until the badge deadline. */
  badges: { buttonId: 201, menuId: 14, url: "badges:apply", name: "申请证件", nameEn: "Apply for badges", closesWith: "badges-applied" },
  /** The standard booth's fascia and equipment form: until the fascia deadline. */
  standardBuild: {
    buttonId: 202,
    menuId: 31,
    url: "standardBuild:submit",
    name: "提交标摊搭建",
    nameEn: "Submit the standard booth",
    closesWith: "fascia-submitted",
  },
  /** Service orders (cart and commit): on-site prices run through the show, so until it closes. */
  serviceOrders: { buttonId: 203, menuId: 41, url: "orders:commit", name: "提交订单", nameEn: "Place orders", closesWith: "exhibition-closes" },
  /** Exhibit carriage declarations: until the build-up ends (the transport item's date ends the early discount only). */
  carriage: {
    buttonId: 204,
    menuId: 71,
    url: "carriage:declare",
    name: "申报展品运输",
    nameEn: "Declare exhibit carriage",
    closesWith: "build-up-ends",
  },
  /** Hoisting appointments: until the build-up ends. */
  lifting: { buttonId: 205, menuId: 76, url: "lifting:book", name: "预约吊装", nameEn: "Book hoisting", closesWith: "build-up-ends" },
  /** Hotel room requests and meeting room bookings (issue 41): the nights run through the show, so until it closes. */
  reservations: {
    buttonId: 206,
    menuId: 84,
    url: "reservations:request",
    name: "商务预订",
    nameEn: "Make reservations",
    closesWith: "exhibition-closes",
  },
} as const satisfies Record<string, DeadlineAction>;

/** A button's window as the calendar page's table shows and posts it. */
export type ButtonWindowValues = {
  effectStart?: string;
  closesWith?: string;
  effectEnd?: string;
  closedMessage?: string;
  closedMessageEn?: string;
};

/**
 * A row of the calendar page's table as it was shown, posted beside it: a row posted as it was shown
 * is one the organizer did not touch, and the save leaves it as it is now (someone else may have
 * changed it meanwhile), so one table saved over another's never undoes their rows.
 */
export function buttonWindowShown(values: ButtonWindowValues) {
  return JSON.stringify([values.effectStart || "", values.closesWith || "", values.effectEnd || "", values.closedMessage || "", values.closedMessageEn || ""]);
}

/** A button's closed message, each language (the calendar page's form). */
export const CLOSED_MESSAGE_MAX = 200;

/**
 * The window of an action the calendar closes, as its API answers it: the deadline (ISO), whether the
 * caller is held by it now (never the organizer), and when it opens if it has not yet. The page
 * takes the organizer's closed message from the same button (useButton).
 */
export type ActionWindow = { deadline: string | null; closed: boolean; opensAt: string | null };
