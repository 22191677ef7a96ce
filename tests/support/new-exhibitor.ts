import crypto from "node:crypto";
import { createBooth } from "../../server/seed/create-booth";
import { createUser } from "../../server/seed/create-user";
import type { Database } from "../../server/db/database";

/** The password of every account made here. */
export const NEW_EXHIBITOR_PASSWORD = "Expo#2026";

type Api = { db: Database; login(username: string, password: string): Promise<string> };

/**
 * A new exhibitor account of the current exhibition, signed in, without a booth: a test that changes
 * an exhibitor's records starts from a new one (or from `newExhibitor`'s, with a booth), so that it
 * neither depends on nor disturbs what the demo's std01 and raw01 hold, and passes in any order
 * (`vitest --sequence.shuffle`).
 */
export async function newExhibitorWithoutBooth(api: Api, options: NewAccountOptions = {}) {
  const tag = crypto.randomBytes(4).toString("hex");
  const username = `ex-${tag}`;
  const businessName = options.businessName ?? `测试展商${tag}`;
  const userId = await createUser(api.db, { username, password: NEW_EXHIBITOR_PASSWORD, role: "exhibitor", businessName });
  // What the account's mails and texts go to: `<username>@example.com` and a mainland mobile of its own.
  const contacts = options.withContacts ? { email: `${username}@example.com`, mobile: `139${String(Number.parseInt(tag, 16) % 1e8).padStart(8, "0")}` } : null;
  if (contacts) await api.db.updateTable("users").set({ contact_email: contacts.email, contact_phone: contacts.mobile }).where("id", "=", userId).execute();
  return {
    tag,
    userId,
    username,
    businessName,
    email: contacts?.email ?? null,
    mobile: contacts?.mobile ?? null,
    ticket: await api.login(username, NEW_EXHIBITOR_PASSWORD),
  };
}

/** `businessName` (a made-up one by default); `withContacts`: the account has an e-mail address and a mobile number (none by default). */
type NewAccountOptions = { businessName?: string; withContacts?: boolean };

/**
 * A new exhibitor (as `newExhibitorWithoutBooth`) with a booth of its own: standard (1, the default)
 * 3 m x 3 m in hall 1, or raw space (2) 6 m x 6 m in hall 2; `size` gives other sides.
 */
export async function newExhibitor(api: Api, options: NewAccountOptions & { boothType?: 1 | 2; size?: { widthM: number; depthM: number } } = {}) {
  const exhibitor = await newExhibitorWithoutBooth(api, options);
  const boothType = options.boothType ?? 1;
  const boothNo = `${boothType === 1 ? "T" : "R"}${exhibitor.tag.slice(0, 5).toUpperCase()}`;
  const boothId = await createBooth(api.db, { username: exhibitor.username, boothNo, hallCode: String(boothType), boothType });
  if (options.size) {
    const { widthM, depthM } = options.size;
    await api.db
      .updateTable("booths")
      .set({ width_m: widthM, depth_m: depthM, area_m2: widthM * depthM })
      .where("id", "=", boothId)
      .execute();
  }
  return { ...exhibitor, boothId, boothNo };
}
export type NewExhibitor = Awaited<ReturnType<typeof newExhibitor>>;
