import fs from "node:fs/promises";
import { OpsRefusal } from "./command-types";

/**
 * The lines of a password file (`--password-file <file>`, or "-" for standard input), read by the
 * CLI's own process where the command was typed: a password on the command line would stay in the
 * shell's history and show in the process list. Trailing empty lines (`echo secret > file`) are dropped.
 */
export async function readPasswordLines(source: string, whatIsLost: string): Promise<string[]> {
  const text =
    source === "-"
      ? await new Promise<string>((resolve, reject) => {
          let data = "";
          process.stdin.setEncoding("utf8");
          process.stdin.on("data", (chunk) => (data += chunk));
          process.stdin.on("end", () => resolve(data));
          process.stdin.on("error", reject);
        })
      : await fs.readFile(source, "utf8").catch((error: NodeJS.ErrnoException) => {
          throw new OpsRefusal(`Cannot read the password file ${source} (${error.code ?? error.message}); ${whatIsLost}.`);
        });
  const lines = text.split(/\r?\n/);
  while (lines.length > 1 && lines.at(-1) === "") lines.pop();
  return lines;
}

/** The arguments without `--password-file <file>` (or `--password-file=<file>`). */
export function withoutPasswordFile(args: readonly string[]): string[] {
  const rest = [...args];
  const at = rest.findIndex((arg) => arg === "--password-file" || arg.startsWith("--password-file="));
  if (at >= 0) rest.splice(at, rest[at]!.includes("=") ? 1 : 2);
  return rest;
}
