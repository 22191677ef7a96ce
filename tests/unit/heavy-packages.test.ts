import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Packages the server loads on first use (server/load-once.ts), never at a process's start: each
 * costs 0.1–0.3 CPU-s to import, and together they were a quarter of a CLI run or a portal start
 * (issue 54). A type-only import is free.
 */
const LOADED_ON_USE = [
  "@alicloud/dysmsapi20170525",
  "@aws-sdk/client-s3",
  "@aws-sdk/lib-storage",
  "@aws-sdk/s3-presigned-post",
  "@resvg/resvg-js",
  "exceljs",
  "fontkit",
  "nodemailer",
  "satori",
  "sharp",
  "tencentcloud-sdk-nodejs-sms",
];

function sourceFiles(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((name) => /\.tsx?$/.test(name)).map((name) => path.join(dir, name));
}

/** A value import (not `import type`) of one of the packages, at the start of a line. */
const staticImportOf = (packages: string[]) =>
  new RegExp(`^import (?!type )[^;]*? from "(${packages.map((p) => p.replace(/[/.]/g, "\\$&")).join("|")})";`, "gm");

describe("heavy packages", () => {
  it("are imported where used (a dynamic import or a lazy require), never at the top of a server module", () => {
    const staticImport = staticImportOf(LOADED_ON_USE);
    const offenders = sourceFiles("server").flatMap((file) => [...fs.readFileSync(file, "utf8").matchAll(staticImport)].map((match) => `${file}: ${match[0]}`));
    expect(offenders).toEqual([]);
  });

  it("the check sees a static import", () => {
    expect('import sharp from "sharp";'.match(staticImportOf(["sharp"]))).toHaveLength(1);
    expect('import { Upload } from "@aws-sdk/lib-storage";'.match(staticImportOf(["@aws-sdk/lib-storage"]))).toHaveLength(1);
    expect('import type Sharp from "sharp";'.match(staticImportOf(["sharp"]))).toBeNull();
  });
});
