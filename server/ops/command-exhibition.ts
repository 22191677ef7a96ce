import type { Database } from "../db/database";
import { OpsRefusal, UsageRefusal } from "./command-types";

/**
 * The exhibition an ops command works on: the one whose code is the first argument (taken off
 * `args`), else the current one (the first if none is marked current). An unknown code stops the
 * command with its usage.
 */
export async function commandExhibition(db: Database, args: string[] = []) {
  const code = args[0] && !args[0].includes("=") ? args.shift() : undefined;
  let exhibitions = db.selectFrom("exhibitions").select(["id", "code"]).orderBy("is_current", "desc").orderBy("id");
  if (code) exhibitions = exhibitions.where("code", "=", code);
  const exhibition = await exhibitions.executeTakeFirst();
  if (!exhibition) throw code ? new UsageRefusal(`No exhibition with the code "${code}".`) : new OpsRefusal("No exhibition yet: run the seed first.");
  return exhibition;
}
