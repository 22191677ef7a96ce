import crypto from "node:crypto";
import { CHINA_COUNTRY_ID } from "../../server/lookups/reference-data";
import { newPassKey, signLeadCode, signPassPageCode } from "../../server/leads/pass-codes";
import type { Database } from "../../server/db/database";

let serial = 0;

/**
 * A visitor of the current exhibition with a pass, written straight into the database (the
 * registration itself has its own tests): a unique mobile and e-mail, `leadConsent` as asked. Answers
 * the row's id, its pass key and both codes signed with `secrets` (the test server's).
 */
export async function newVisitorWithPass(
  api: { db: Database; sessionSecrets: readonly string[] },
  options: { leadConsent?: boolean; exhibitionId?: number; name?: string } = {},
) {
  const exhibitionId =
    options.exhibitionId ?? (await api.db.selectFrom("exhibitions").select("id").where("is_current", "=", true).executeTakeFirstOrThrow()).id;
  serial++;
  const tag = crypto.randomBytes(3).toString("hex");
  const mobile = `137${String(Number.parseInt(tag, 16) % 10_000_000).padStart(7, "0")}${serial % 10}`;
  const key = newPassKey();
  const row = await api.db
    .insertInto("visitors")
    .values({
      exhibition_id: exhibitionId,
      // Far above the demo's numbers; unique per exhibition by the random tag.
      visitor_no: 100_000 + (Number.parseInt(tag, 16) % 800_000) + serial,
      name: options.name ?? `访客${tag}`,
      company: `线索测试公司${tag}`,
      position: "采购经理",
      mobile,
      email: `lead-${tag}@example.com`,
      country_id: CHINA_COUNTRY_ID,
      province_code: "440000",
      interest_class_ids: "[]",
      lead_consent: options.leadConsent ?? false,
      pass_key: key,
    })
    .returning(["id", "name", "mobile", "email"])
    .executeTakeFirstOrThrow();
  return { ...row, key, leadCode: signLeadCode(key, api.sessionSecrets), pageCode: signPassPageCode(key, api.sessionSecrets) };
}
