import fs from "node:fs";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { PNG } from "../support/sample-files";
import { until } from "../support/until";
import { signedInPortal } from "../support/pages-portal";

/**
 * The no-JavaScript path of the upload field, through a real page action (the feedback form):
 * the file part streams to the storage host with the same rules as a browser upload.
 */

const portal = signedInPortal("std01", "Expo#2026");

function feedbackForm(files: { bytes: Buffer; name: string }[], fields: Record<string, string> = { type: "1", content: "with a picture" }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append("imgUrl__file", new File([new Uint8Array(file.bytes)], file.name, { type: "image/png" }));
  return form;
}

/**
 * Every file of the feedback folder (and any half-written `.part` file) under DATA_DIR/uploads, so a
 * test can see this upload left nothing behind. Other folders are left out: the portal writes files of
 * its own meanwhile (a service contract generated for the demo's orders appeared mid-test once on CI).
 */
function storedFiles() {
  const root = path.join(portal.api.config.dataDir, "uploads");
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter(
    (p) => (p.split(path.sep).includes("feedback") || p.endsWith(".part")) && fs.statSync(path.join(root, p)).isFile(),
  );
}

describe("upload field without JavaScript", () => {
  it("stores the posted image and saves its URL with the feedback", async () => {
    const response = await portal.client.request("/feedback", { body: feedbackForm([{ bytes: PNG, name: "plain.png" }]) });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("feedback success");
    const row = await portal.api.db.selectFrom("feedback").select("img_url").where("content", "=", "with a picture").executeTakeFirstOrThrow();
    expect(row.img_url).toMatch(/^\/files\/[A-Za-z0-9_-]+$/);
    const file = await portal.api.db.selectFrom("stored_files").selectAll().where("id", "=", row.img_url!.slice(7)).executeTakeFirstOrThrow();
    expect(file).toMatchObject({ original_name: "plain.png", content_type: "image/png", size_bytes: PNG.length });
  });

  it("cuts off an oversize file while streaming, keeps what was typed, and leaves no file behind", async () => {
    const before = storedFiles();
    const huge = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024, 1)]);
    const response = await portal.client.request("/feedback", {
      body: feedbackForm([{ bytes: huge, name: "huge.png" }], { type: "2", content: "typed text stays" }),
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("huge.png is larger than 5MB, please choose a smaller file");
    expect(html).toContain("typed text stays");
    // The host notices the cut-off connection and removes its partial file.
    await until(() => isDeepStrictEqual(storedFiles(), before));
  });

  it("refuses more files than the field allows, with the count warning", async () => {
    const response = await portal.client.request("/feedback", {
      body: feedbackForm([
        { bytes: PNG, name: "one.png" },
        { bytes: PNG, name: "two.png" },
      ]),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("At most 1 file(s) can be uploaded");
  });

  it("refuses bytes that are not an image whatever the name, and removes them", async () => {
    const before = storedFiles();
    const html = Buffer.from("<html><script>alert(1)</script></html>");
    const response = await portal.client.request("/feedback", { body: feedbackForm([{ bytes: html, name: "photo.png" }]) });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The content of this file is not one of jpg, jpeg, png; it was not accepted");
    expect(storedFiles()).toEqual(before);
  });

  it("answers 400, not 500, to a multipart body Remix's parser cannot read (a field named a=b)", async () => {
    // Found by the fuzz test: the parser throws on '=' inside a field name.
    const form = feedbackForm([]);
    form.append("a=b", "x");
    const response = await portal.client.request("/feedback", { body: form });
    expect(response.status).toBe(400);
  });
});
