/** Answers of the reminder endpoints (issue 39, decision 034). */
export type ReminderSettings = { daysBefore: number[]; overdue: boolean };

/** The organizer's "send now": how many exhibitors it goes to (not done, with an e-mail or a mobile). */
export type ReminderSendResult = {
  recipients: number;
  /** Handed to the job queue (logged as queued, sent within seconds) rather than sent in the request. */
  queued: boolean;
};

type ReminderLogRow = {
  id: number;
  userId: number;
  username: string;
  companyName: string;
  /** before:<days>, overdue or manual:<id>. */
  kind: string;
  /** queued: a "send now" the job queue has not sent yet. */
  status: "queued" | "claimed" | "sent" | "failed";
  email: boolean;
  sms: boolean;
  /** When it was claimed (ISO). */
  createdAt: string;
};

export type ReminderLogPage = { total: number; rows: ReminderLogRow[] };
