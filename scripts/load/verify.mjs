// Database checks after a run: every acknowledged write is there exactly once and complete, and
// nothing half-written is visible (a feedback whose image row or file is missing, a stored file
// whose bytes are missing or short).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** Where a stored file's bytes are: DATA_DIR/<key> for keys that start with uploads/, else DATA_DIR/uploads/<key>. */
function filePathOf(dataDir, storageKey) {
  const parts = storageKey.split("/");
  return parts[0] === "uploads" ? path.join(dataDir, ...parts) : path.join(dataDir, "uploads", ...parts);
}

function fileState(dataDir, storageKey, sizeBytes) {
  const filePath = filePathOf(dataDir, storageKey);
  let bytes;
  try {
    bytes = fs.readFileSync(filePath);
  } catch {
    return { ok: false, problem: `file ${storageKey} is missing` };
  }
  if (bytes.length !== Number(sizeBytes)) return { ok: false, problem: `file ${storageKey} has ${bytes.length} bytes, row says ${sizeBytes}` };
  return { ok: true, sha: crypto.createHash("sha256").update(bytes).digest("hex") };
}

function walk(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/**
 * @param db { query(sql, params) } on the portal's database
 * @param dataDir the portal's DATA_DIR (uploads live under it)
 * @param acks [{ token, username, type, content, imageSha }]
 * @param tag prefix of every content written by this phase
 */
export async function verifyFeedback(db, { dataDir, acks, tag }) {
  const rows = await db.query(
    `select f.id, f.type, f.content, f.img_url, u.username
       from feedback f join users u on u.id = f.user_id
      where f.content like $1`,
    [`${tag}-%`],
  );
  const files = new Map((await db.query(`select id, owner_user_id, storage_key, size_bytes from stored_files`)).map((r) => [r.id, r]));
  const byToken = new Map();
  for (const row of rows) {
    const token = row.content.split(/\s/, 1)[0];
    byToken.set(token, [...(byToken.get(token) ?? []), row]);
  }

  const missing = [];
  const wrong = [];
  for (const ack of acks) {
    const found = byToken.get(ack.token) ?? [];
    if (!found.length) {
      missing.push(ack.token);
      continue;
    }
    if (found.length > 1) wrong.push(`${ack.token}: stored ${found.length} times`);
    const row = found[0];
    if (row.content !== ack.content) wrong.push(`${ack.token}: content differs (${JSON.stringify(row.content)})`);
    if (Number(row.type) !== ack.type) wrong.push(`${ack.token}: type ${row.type}, sent ${ack.type}`);
    if (row.username !== ack.username) wrong.push(`${ack.token}: owner ${row.username}, sent by ${ack.username}`);
    if (ack.imageSha) {
      const file = row.img_url ? files.get(row.img_url.replace(/^\/files\//, "")) : null;
      if (!file) wrong.push(`${ack.token}: image ${row.img_url ?? "(none)"} has no stored_files row`);
      else {
        const state = fileState(dataDir, file.storage_key, file.size_bytes);
        if (!state.ok) wrong.push(`${ack.token}: ${state.problem}`);
        else if (state.sha !== ack.imageSha) wrong.push(`${ack.token}: image bytes differ from the upload`);
      }
    } else if (row.img_url) wrong.push(`${ack.token}: has image ${row.img_url} but none was sent`);
  }

  // Integrity of everything visible, acknowledged or not (e.g. writes in flight at a crash).
  const halfWritten = [];
  const all = await db.query(`select id, img_url from feedback where img_url is not null`);
  for (const row of all) {
    const file = files.get(row.img_url.replace(/^\/files\//, ""));
    if (!file) halfWritten.push(`feedback ${row.id}: image ${row.img_url} has no stored_files row`);
  }
  const referenced = new Set(all.map((r) => r.img_url.replace(/^\/files\//, "")));
  let unreferencedUploads = 0;
  for (const file of files.values()) {
    const state = fileState(dataDir, file.storage_key, file.size_bytes);
    if (!state.ok) halfWritten.push(`stored_files ${file.id}: ${state.problem}`);
    if (!referenced.has(file.id)) unreferencedUploads++;
  }
  const keys = new Set([...files.values()].map((f) => filePathOf(dataDir, f.storage_key)));
  const leftovers = walk(path.join(dataDir, "uploads")).filter((f) => !keys.has(f));
  // A ".part" file is an upload cut off while it was written; the rest are complete files whose row never came.
  const partFiles = leftovers.filter((f) => f.endsWith(".part")).length;
  const orphanFiles = leftovers.length - partFiles;

  const ackedTokens = new Set(acks.map((a) => a.token));
  const unacknowledgedStored = [...byToken.keys()].filter((t) => !ackedTokens.has(t)).length;
  const wrongTokens = new Set(wrong.map((w) => w.split(":")[0]));
  return {
    acked: acks.length,
    found: acks.length - missing.length,
    complete: acks.length - missing.length - acks.filter((a) => wrongTokens.has(a.token)).length,
    missing,
    wrong,
    halfWritten,
    orphanFiles,
    partFiles,
    unreferencedUploads,
    unacknowledgedStored,
    withImage: acks.filter((a) => a.imageSha).length,
  };
}

/** The last acknowledged skin of each user must be the stored one (a user's posts are sequential). */
export async function verifySkins(db, skinAcks) {
  const names = [...skinAcks.keys()];
  if (!names.length) return { acked: 0, found: 0, wrong: [] };
  const rows = await db.query(`select u.username, p.skin from user_preferences p join users u on u.id = p.user_id where u.username = any($1::text[])`, [names]);
  const stored = new Map(rows.map((r) => [r.username, r.skin]));
  const wrong = names
    .filter((n) => stored.get(n) !== skinAcks.get(n))
    .map((n) => `${n}: stored ${stored.get(n) ?? "nothing"}, acknowledged ${skinAcks.get(n)}`);
  return { acked: names.length, found: names.length - wrong.length, wrong };
}
