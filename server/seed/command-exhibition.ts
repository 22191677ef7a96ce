import type { Database } from "../db/database";

/**
 * An ops command's exhibition: the one whose code is the first argument (taken off `args`), else
 * the first exhibition. Unknown codes stop the command with its usage.
 */
export async function commandExhibition(db: Database, args: string[], usage: string) {
  const code = args[0] && !args[0].includes("=") ? args.shift() : undefined;
  let exhibitions = db.selectFrom("exhibitions").select(["id", "code"]).orderBy("id");
  if (code) exhibitions = exhibitions.where("code", "=", code);
  const exhibition = await exhibitions.executeTakeFirst();
  if (!exhibition) throw new Error(code ? `No exhibition with the code "${code}".\n${usage}` : "No exhibition yet: run the seed first.");
  return exhibition;
}
