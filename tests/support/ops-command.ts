import type { Database } from "../../server/db/database";
import { runOpsCommand } from "../../server/ops/commands";

/**
 * An ops command as `cli.js <command> …` runs it (server/ops/commands.ts): its arguments parsed in the
 * one grammar (docs/decisions/061), a refusal with the command's usage under it.
 */
export const opsCommand = (db: Database, command: string, args: string[]) => runOpsCommand({ db, store: undefined as never }, command, args);
