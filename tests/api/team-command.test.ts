import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newExhibitor } from "../support/new-exhibitor";
import { opsCommand } from "../support/ops-command";
import { backendsOf, postgresSkipReason, startTestApiInTempDir, type TempDirTestApi } from "../support/test-api";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/** `cli.js team` and `cli.js history` (issue 55): a team from the command line, recorded as the command line's, and the history as a workbook. */
describe.each(backendsOf(import.meta.url))("cli.js team and history on %s", (backend) => {
  let api: TempDirTestApi;
  beforeAll(async () => {
    api = await startTestApiInTempDir(backend, "portal-team-command-");
  });
  afterAll(() => api?.close());
  const team = (args: string[]) => opsCommand(api.db, "team", args);

  it("invites, lists, grants and revokes a member; refuses an unknown area and a taken name, changing nothing", async () => {
    const owner = await newExhibitor(api);
    const username = `cli-${crypto.randomBytes(3).toString("hex")}`;
    expect(await team([owner.username, "list"])).toContain("has no team members");
    const invited = await team([owner.username, "invite", username, "--name", "命令行", "--email", `${username}@example.com`, "--grant", "badges=edit"]);
    expect(invited).toContain(`Invited ${username}`);
    expect(invited).toContain("e-mail");
    expect(await team([owner.username, "list"])).toMatch(new RegExp(`${username}\\t命令行\\tinvited\\tbadges=edit`));
    await expect(team([owner.username, "grant", username, "--grant", "everything=edit"])).rejects.toThrow(/Unknown grant "everything=edit"/);
    await expect(team([owner.username, "invite", "std01", "--name", "X", "--email", "x@example.com"])).rejects.toThrow(/already in use; nothing was changed/);
    expect(await team([owner.username, "grant", username, "--grant", "transport=read"])).toContain("transport=read");
    expect(await team([owner.username, "revoke", username])).toContain("Revoked");
    expect(await team([owner.username, "list"])).toMatch(new RegExp(`${username}\\t命令行\\trevoked`));
    const rows = await api.db
      .selectFrom("history")
      .select(["kind", "actor_label"])
      .where("record_type", "=", "member")
      .where("summary", "is", null)
      .where("actor_label", "=", "cli.js")
      .execute();
    expect(rows.map((r) => r.kind)).toEqual(expect.arrayContaining(["invite", "grant"]));
    await expect(team(["no-such-exhibitor", "list"])).rejects.toThrow(/No exhibitor account no-such-exhibitor/);
  });

  it("writes the history as a workbook, filtered by company", async () => {
    const owner = await newExhibitor(api);
    await team([owner.username, "invite", `cli-${crypto.randomBytes(3).toString("hex")}`, "--name", "导出", "--email", `${crypto.randomUUID()}@example.com`]);
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "history-")), "changes.xlsx");
    expect(await opsCommand(api.db, "history", ["--out", out, "--company", owner.businessName])).toContain(`Wrote ${out}`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(out);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBeGreaterThan(1);
    await expect(opsCommand(api.db, "history", ["--out", out, "--since", "yesterday"])).rejects.toThrow(/--since takes a day/);
  });
});
