import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../../server/auth/password";
import type { OpsContext } from "../../server/ops/command-types";
import { opsHelp, preparedArgs, runOpsCommand, withAbsoluteFile } from "../../server/ops/commands";
import { startTestApi, type TestApi, DEFAULT_BACKEND } from "../support/test-api";
import { loadWorkbook } from "./badges-excel-files";
import { importFile, importRow } from "./exhibitor-import-files";

/**
 * The CLI's argument handling (node:util parseArgs, --help on every command) and the exhibitor
 * import's commands, through runOpsCommand: the function cli.ts's main() runs, whose rejection it
 * prints and exits 1 with (here and in the process that owns the embedded database).
 */
describe("cli.js arguments, exhibitor-template and import-exhibitors", () => {
  let api: TestApi;
  let context: OpsContext;
  let dir: string;
  beforeAll(async () => {
    api = await startTestApi(DEFAULT_BACKEND);
    // None of these commands touches the object store.
    context = { db: api.db, store: undefined as never };
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "exhibitor-import-"));
  });
  afterAll(async () => {
    await api?.close();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });
  const users = async () => (await api.db.selectFrom("users").select("username").orderBy("id").execute()).map((u) => u.username);

  it("answers --help for the whole CLI and for every command, before and without running it", async () => {
    const all = opsHelp("--help", [])!;
    for (const name of ["migrate", "seed", "create-user", "create-booth", "carriers", "exhibitor-template", "import-exhibitors", "send-invitations"])
      expect(all).toContain(`  ${name}`);
    expect(opsHelp("import-exhibitors", ["--help"])).toContain("Usage: cli.js import-exhibitors <file.xlsx> [--dry-run] [--lang zh|en]");
    expect(opsHelp("create-user", ["-h"])).toContain(
      "Usage: cli.js create-user <username> [<username> ...] (--password <password> | --password-file <file>|-) --role <admin|exhibitor|carrier>",
    );
    expect(opsHelp("create-user", ["-h"])).toContain("  --business-name <value> (once, or once per subject)");
    expect(opsHelp("carriers", ["--help"])).toMatch(/price <carrier> <[a-z|]+> --per-m3 <yuan>[\s\S]*\n {2}--per-m3 <value>\n/);
    expect(opsHelp("create-user", ["someone", "--password", "pw", "--role", "exhibitor"])).toBeNull();
    const before = await users();
    expect(await runOpsCommand(context, "create-user", ["someone", "--password", "Some#2026pw", "--role", "exhibitor", "--help"])).toContain(
      "Usage: cli.js create-user",
    );
    expect(await users()).toEqual(before);
  });

  it("creates accounts and booths with options, several in one run, and refuses the old positional forms with the usage", async () => {
    expect(
      await runOpsCommand(context, "create-user", ["cli01", "--password", "Cli#2026pass", "--role", "exhibitor", "--business-name", "CLI One Ltd"]),
    ).toMatch(/^Created user cli01 \(id \d+\)\.$/);
    // Several user names: an option given once holds for all, one given once per name goes to each in order.
    const several = ["cli02", "cli03", "--password", "Cli#2026pass", "--role", "exhibitor", "--business-name", "CLI Two", "--business-name", "CLI Three"];
    expect(await runOpsCommand(context, "create-user", several)).toMatch(/^Created user cli02 \(id \d+\)\.\nCreated user cli03 \(id \d+\)\.$/);
    const made = await api.db
      .selectFrom("users")
      .select(["username", "business_name"])
      .where("username", "in", ["cli01", "cli02", "cli03"])
      .orderBy("username")
      .execute();
    expect(made).toEqual([
      { username: "cli01", business_name: "CLI One Ltd" },
      { username: "cli02", business_name: "CLI Two" },
      { username: "cli03", business_name: "CLI Three" },
    ]);
    expect(await runOpsCommand(context, "create-booth", ["cli01", "--booth", "9C01", "--hall", "1", "--type", "1"])).toMatch(
      /^Created booth 9C01 for cli01 \(id \d+\)\.$/,
    );
    expect(
      await runOpsCommand(context, "create-booth", ["cli02", "cli03", "--booth", "9C02", "--booth", "9C03", "--hall", "1", "--type", "2", "--type", "1"]),
    ).toMatch(/^Created booth 9C02 for cli02 \(id \d+\)\.\nCreated booth 9C03 for cli03 \(id \d+\)\.$/);
    const booths = await api.db
      .selectFrom("booths")
      .select(["booth_no", "booth_type"])
      .where("booth_no", "in", ["9C01", "9C02", "9C03"])
      .orderBy("booth_no")
      .execute();
    expect(booths).toEqual([
      { booth_no: "9C01", booth_type: 1 },
      { booth_no: "9C02", booth_type: 2 },
      { booth_no: "9C03", booth_type: 1 },
    ]);

    const before = await users();
    for (const [command, args, reason] of [
      // The old forms: groups of four positionals.
      ["create-user", ["cli04", "Cli#2026pass", "exhibitor", "CLI Four"], /Missing --password, --role\./],
      ["create-user", ["cli04", "Cli#2026pass", "exhibitor", "CLI Four", "cli05", "Cli#2026pass", "exhibitor", "CLI Five"], /Missing --password, --role\./],
      ["create-booth", ["cli01", "9C09", "1", "1"], /Missing --booth, --hall, --type\./],
      // A business name without its option is not taken for a user name.
      ["create-user", ["cli04", "CLI Four", "--password", "Cli#2026pass", "--role", "exhibitor"], /Not understood: "CLI Four"/],
      ["create-user", ["--password", "Cli#2026pass", "--role", "exhibitor"], /No user name\./],
      [
        "create-user",
        ["cli04", "cli05", "cli06", "--password", "Cli#2026pass", "--role", "exhibitor", "--business-name", "A", "--business-name", "B"],
        /--business-name is given 2 times for 3 user names/,
      ],
      ["create-booth", ["cli01", "cli02", "--booth", "9C09", "--hall", "1", "--type", "1"], /give --booth once for each user name/],
      ["create-booth", ["cli01", "--booth", "9C09", "--hall", "1", "--type", "3"], /--type is 1 \(standard\) or 2 \(raw space\); got "3"/],
      ["create-booth", ["cli01", "--booth", "9C09", "--hall", "1", "--type", "1", "--colour"], /Unknown option '--colour'/],
    ] as const) {
      await expect(runOpsCommand(context, command, [...args]), args.join(" ")).rejects.toThrow(reason);
      await expect(runOpsCommand(context, command, [...args]), args.join(" ")).rejects.toThrow(new RegExp(`\nUsage: cli\\.js ${command} <username>`));
    }
    expect(await users()).toEqual(before);
    await expect(runOpsCommand(context, "migrate", ["now"])).rejects.toThrow("Usage: cli.js migrate");
    // A value that starts with a dash is given with "=", and `--` ends the options.
    expect(await runOpsCommand(context, "create-user", ["--password=-Dash#2026", "--role", "exhibitor", "--", "cli07"])).toMatch(/^Created user cli07/);
    await expect(runOpsCommand(context, "no-such-command", [])).rejects.toThrow('Unknown command "no-such-command"');
  });

  it("reads create-user's passwords from --password-file where the command is typed, one for all or one per user name", async () => {
    const hashOf = async (username: string) =>
      (await api.db.selectFrom("users").select("password_hash").where("username", "=", username).executeTakeFirstOrThrow()).password_hash ?? "";
    const one = path.join(dir, "one-password.txt");
    await fs.writeFile(one, "File#2026pass\n");
    // As cli.ts runs it: prepare (here, where the file is) hands the lines on as --password values.
    const forAll = await preparedArgs("create-user", ["pwf01", "pwf02", "--password-file", one, "--role", "exhibitor"]);
    expect(forAll).not.toContain("--password-file");
    expect(await runOpsCommand(context, "create-user", forAll)).toMatch(/^Created user pwf01 .*\nCreated user pwf02 /);
    expect(await verifyPassword("File#2026pass", await hashOf("pwf01"))).toBe(true);
    expect(await verifyPassword("File#2026pass", await hashOf("pwf02"))).toBe(true);

    const each = path.join(dir, "passwords.txt");
    await fs.writeFile(each, "First#2026pass\nSecond#2026pass\n");
    await runOpsCommand(context, "create-user", await preparedArgs("create-user", ["pwf03", "pwf04", `--password-file=${each}`, "--role", "exhibitor"]));
    expect(await verifyPassword("First#2026pass", await hashOf("pwf03"))).toBe(true);
    expect(await verifyPassword("Second#2026pass", await hashOf("pwf04"))).toBe(true);

    const before = await users();
    await expect(preparedArgs("create-user", ["pwf05", "--password-file", one, "--password", "x", "--role", "exhibitor"])).rejects.toThrow(
      "Give --password or --password-file, not both.",
    );
    await expect(preparedArgs("create-user", ["pwf05", "--password-file", path.join(dir, "missing.txt"), "--role", "exhibitor"])).rejects.toThrow(
      /Cannot read the password file .*missing\.txt \(ENOENT\); no user was created\./,
    );
    const three = await preparedArgs("create-user", ["pwf05", "pwf06", "pwf07", "--password-file", each, "--role", "exhibitor"]);
    await expect(runOpsCommand(context, "create-user", three)).rejects.toThrow(/--password is given 2 times for 3 user names/);
    expect(await users()).toEqual(before);
  });

  it("writes the template, checks a file with --dry-run, refuses a bad one naming row and column, and imports a good one", async () => {
    const template = path.join(dir, "template.xlsx");
    expect(await runOpsCommand(context, "exhibitor-template", [template, "--lang", "zh"])).toBe(`Wrote the exhibitor import template to ${template}.`);
    const sheet = (await loadWorkbook(await fs.readFile(template))).worksheets[0]!;
    expect(sheet.getCell("G1").text).toBe("展位号 / Booth number");

    const good = path.join(dir, "good.xlsx");
    await fs.writeFile(good, await importFile([importRow(61, "4U01"), importRow(61, "4U02"), importRow(62, "4U03")]));
    const before = await users();
    expect(await runOpsCommand(context, "import-exhibitors", [good, "--dry-run"])).toBe(
      `${good}: 3 rows are good (dry run, nothing saved): 2 new and 0 updated exhibitors, 3 new and 0 updated booths in ${
        (await api.db.selectFrom("exhibitions").select("code").where("is_current", "=", true).executeTakeFirstOrThrow()).code
      }.`,
    );
    expect(await users()).toEqual(before);

    const bad = path.join(dir, "bad.xlsx");
    await fs.writeFile(bad, await importFile([importRow(63, "4U04"), importRow(64, "1A01"), importRow(65, "4U05", { type: 3 })]));
    const refused = runOpsCommand(context, "import-exhibitors", [bad]);
    await expect(refused).rejects.toThrow(`${bad}: 2 rows have errors; nothing was imported`);
    await expect(runOpsCommand(context, "import-exhibitors", [bad])).rejects.toThrow(
      "Row 3, column G (Booth number): Booth 1A01 belongs to another exhibitor (std01)\nRow 4, column L (Booth type (1 standard, 2 raw space)): Please enter the correct Booth type (1 standard, 2 raw space)",
    );
    const garbage = path.join(dir, "old.xls");
    await fs.writeFile(garbage, "not a workbook");
    await expect(runOpsCommand(context, "import-exhibitors", [garbage, "--lang", "zh"])).rejects.toThrow("该文件不是 Excel 工作簿（.xlsx），请使用模板");
    await expect(runOpsCommand(context, "import-exhibitors", [path.join(dir, "missing.xlsx")])).rejects.toThrow(/Cannot read .*missing\.xlsx \(ENOENT\)/);
    await expect(runOpsCommand(context, "import-exhibitors", [])).rejects.toThrow("Usage: cli.js import-exhibitors");
    expect(await users()).toEqual(before);

    expect(await runOpsCommand(context, "import-exhibitors", [good])).toBe(`${good}: Imported: 2 new and 0 updated exhibitors, 3 new and 0 updated booths`);
    expect(await runOpsCommand(context, "import-exhibitors", [good])).toBe(`${good}: Imported: 0 new and 2 updated exhibitors, 0 new and 3 updated booths`);
    expect((await users()).filter((u) => u.startsWith("IMP"))).toEqual(["IMP0061", "IMP0062"]);
  });

  it("makes the file argument absolute where the command was typed, and leaves other commands alone", () => {
    expect(withAbsoluteFile("import-exhibitors", ["--lang", "zh", "list.xlsx", "--dry-run"])).toEqual(["--lang", "zh", path.resolve("list.xlsx"), "--dry-run"]);
    expect(withAbsoluteFile("create-user", ["a.xlsx", "--password", "pw", "--role", "exhibitor"])).toEqual([
      "a.xlsx",
      "--password",
      "pw",
      "--role",
      "exhibitor",
    ]);
  });
});
