import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import QRCode from "qrcode";
import leadsEn from "../../app/contracts/leads/texts.en";
import { chromiumArgs } from "../../playwright.config";
import { appFor, clientIpFor, expect, FAILED_RESOURCE, test } from "./fixtures";
import { leadsOn, newVisitor } from "./visitor-pass-helpers";

/**
 * The scan page (/leads/scan, docs/decisions/071): a pass typed without JavaScript; a pass read by
 * the camera (Chromium's fake camera playing a video of the pass's QR); a pass scanned offline waits
 * on the device and is sent once the network is back, counted once. Each test registers a visitor of
 * its own through the public registration (the SMS code from the outbox), so its lead is its own.
 */
const SCAN_PAGE = "/leads/scan";
const ROUTE_ID = "routes/_shell.leads.scan";

/** A short video of the pass's QR on white, as Chromium's fake camera plays it (y4m, in a temporary folder). */
async function passVideo(text: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lead-scan-"));
  const png = path.join(dir, "pass.png");
  const video = path.join(dir, "pass.y4m");
  await QRCode.toFile(png, text, { width: 360, margin: 4, errorCorrectionLevel: "M" });
  const { path: ffmpeg } = (await import("@ffmpeg-installer/ffmpeg")).default as { path: string };
  const scale = "scale=640:480:force_original_aspect_ratio=decrease,pad=640:480:(ow-iw)/2:(oh-ih)/2:color=white";
  execFileSync(ffmpeg, ["-loglevel", "error", "-y", "-loop", "1", "-i", png, "-t", "1", "-r", "5", "-vf", scale, "-pix_fmt", "yuv420p", video]);
  return { dir, video };
}

test(
  "without JavaScript, a typed pass link records the visitor once however often it is sent",
  { tag: "@js-off-only" },
  async ({ app, page, context, request, baseURL, consoleErrors }, testInfo) => {
    // The refused pass at the end is answered 400 with the form.
    consoleErrors.allow(FAILED_RESOURCE(400));
    const visitor = await newVisitor(request, testInfo, baseURL!);
    await app.signIn("std01");
    await app.goto(SCAN_PAGE);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(leadsEn.scanTitle);
    for (let round = 0; round < 2; round++) {
      await page.getByTestId("scan-code").fill(visitor.leadUrl);
      await app.submit(() => page.getByTestId("scan-submit").click());
      const result = page.getByTestId("scan-typed-result");
      await expect(result.getByTestId("scan-result-status")).toHaveText(leadsEn.scan.statuses.saved);
      await expect(result.getByTestId("scan-result-name")).toHaveText(visitor.name);
      await expect(result.getByTestId("scan-result-edit")).toHaveAttribute("href", `/lead/${visitor.code}`);
      // Emptied for the next pass.
      await expect(page.getByTestId("scan-code")).toHaveValue("");
    }
    const leads = await leadsOn(context, page.request, visitor.name);
    expect(leads).toHaveLength(1);
    expect(leads[0]!.scans).toBe(2);

    // Not a pass: the reason under the field, the typed text kept.
    await page.getByTestId("scan-code").fill("EPV1.not-a-pass");
    await app.submit(() => page.getByTestId("scan-submit").click());
    await expect(page.getByTestId("scan-form")).toContainText(leadsEn.errors.forged);
    await expect(page.getByTestId("scan-code")).toHaveValue("EPV1.not-a-pass");
  },
);

test("the camera reads a pass: the visitor is saved as one lead", { tag: "@js-on-only" }, async ({ request, baseURL }, testInfo) => {
  const visitor = await newVisitor(request, testInfo, baseURL!);
  const { dir, video } = await passVideo(visitor.leadUrl);
  // A browser of its own: the fake camera is a launch flag.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [...chromiumArgs, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${video}`],
  });
  try {
    const context = await browser.newContext({ baseURL, locale: "en-US", extraHTTPHeaders: { "x-forwarded-for": clientIpFor(testInfo) } });
    await context.grantPermissions(["camera"]);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const app = appFor(page, true);
    await app.signIn("std01");
    await app.goto(SCAN_PAGE);
    await expect(page.getByTestId("scan-queue")).toBeVisible();
    await page.getByTestId("scan-camera").click();
    await expect(page.getByTestId("scan-video")).toHaveAttribute("data-state", "scanning");
    const result = page.getByTestId("scan-recent").getByTestId("scan-result");
    await expect(result.getByTestId("scan-result-name")).toHaveText(visitor.name, { timeout: 30_000 });
    await expect(result.getByTestId("scan-result-status")).toHaveText(leadsEn.scan.statuses.saved);
    // The same pass stays in front of the camera: read again within seconds, it is not a new scan.
    await expect(page.getByTestId("scan-waiting")).toHaveAttribute("data-count", "0");
    await expect(result).toHaveCount(1);
    await page.getByTestId("scan-camera").click();
    await expect(page.getByTestId("scan-video")).toHaveCount(0);
    const leads = await leadsOn(context, page.request, visitor.name);
    expect(leads).toHaveLength(1);
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test(
  "a pass scanned offline waits on the device and is sent, once, when the network is back",
  { tag: "@js-on-only" },
  async ({ app, page, context, request, baseURL, consoleErrors }, testInfo) => {
    // The send tried while offline fails in the browser.
    consoleErrors.allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch/);
    const visitor = await newVisitor(request, testInfo, baseURL!);
    await app.signIn("std01");
    await app.goto(SCAN_PAGE);
    await expect(page.getByTestId("scan-queue")).toBeVisible();

    await context.setOffline(true);
    await page.getByTestId("scan-code").fill(visitor.leadUrl);
    await page.getByTestId("scan-submit").click();
    await expect(page.getByTestId("scan-waiting").getByRole("heading")).toHaveText(leadsEn.scan.waiting.replace("{{count}}", "1"));
    await expect(page.getByTestId("scan-waiting-item")).toHaveCount(1);
    await expect(page.getByTestId("scan-offline")).toBeVisible();
    await expect(page.getByTestId("scan-code")).toHaveValue("");
    // The scan as the device keeps it: its id is what makes it count once.
    const kept = await page.evaluate(async () => {
      const names = (await indexedDB.databases()).map((d) => d.name).filter((n): n is string => Boolean(n?.startsWith("lead-scans-")));
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(names[0]!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const all = await new Promise<{ id: string; code: string; scannedAt: string }[]>((resolve, reject) => {
        const read = db.transaction("scans").objectStore("scans").getAll();
        read.onsuccess = () => resolve(read.result);
        read.onerror = () => reject(read.error);
      });
      db.close();
      return all;
    });
    expect(kept).toHaveLength(1);
    expect(kept[0]!.code).toBe(visitor.leadUrl);

    await context.setOffline(false);
    await expect(page.getByTestId("scan-waiting")).toHaveAttribute("data-count", "0", { timeout: 30_000 });
    const result = page.getByTestId("scan-recent").getByTestId("scan-result");
    await expect(result.getByTestId("scan-result-name")).toHaveText(visitor.name);
    await expect(result.getByTestId("scan-result-status")).toHaveText(leadsEn.scan.statuses.saved);
    await expect(page.getByTestId("scan-offline")).toHaveCount(0);

    // The same scan sent again (a device that never heard the answer): a repeat, nothing added.
    const again = await page.request.post(`${SCAN_PAGE}?_data=${encodeURIComponent(ROUTE_ID)}`, { data: { intent: "queue", scans: kept } });
    expect(again.status()).toBe(200);
    expect((await again.json()).results).toEqual([expect.objectContaining({ id: kept[0]!.id, status: "repeat" })]);
    const leads = await leadsOn(context, page.request, visitor.name);
    expect(leads).toHaveLength(1);
    expect(leads[0]!.scans).toBe(1);
  },
);
