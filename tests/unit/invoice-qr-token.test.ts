import { describe, expect, it } from "vitest";
import { QR_TOKEN_DAYS, signQrToken, verifyQrToken } from "../../server/invoices/qr-token";

const SECRETS = ["new-secret-0123456789", "old-secret-0123456789"];
const NOW = new Date("2026-11-23T02:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

describe("invoice QR tokens", () => {
  it("open their application until they expire after 7 days", () => {
    const token = signQrToken(42, NOW, SECRETS);
    expect(token).toMatch(/^EPI1\.42\.\d{10}\.[A-Za-z0-9_-]{22}$/);
    expect(verifyQrToken(token, NOW, SECRETS)).toMatchObject({ ok: true, applicationId: 42 });
    expect(verifyQrToken(token, new Date(NOW.getTime() + QR_TOKEN_DAYS * DAY - 1000), SECRETS).ok).toBe(true);
    expect(verifyQrToken(token, new Date(NOW.getTime() + QR_TOKEN_DAYS * DAY), SECRETS)).toEqual({ ok: false, reason: "expired" });
  });

  it("refuse an edited id, an edited expiry, another signature, junk and long input", () => {
    const token = signQrToken(42, NOW, SECRETS);
    const [prefix, , expires, signature] = token.split(".");
    expect(verifyQrToken(`${prefix}.43.${expires}.${signature}`, NOW, SECRETS)).toEqual({ ok: false, reason: "invalid" });
    expect(verifyQrToken(`${prefix}.42.${Number(expires) + 86400}.${signature}`, NOW, SECRETS)).toEqual({ ok: false, reason: "invalid" });
    expect(verifyQrToken(`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, NOW, SECRETS).ok).toBe(false);
    for (const junk of [undefined, 42, "", "EPI1.42", `${token} `, "x".repeat(500)]) expect(verifyQrToken(junk, NOW, SECRETS).ok).toBe(false);
  });

  it("keep working through a secret rotation, and stop when the old secret is dropped", () => {
    const signedWithOld = signQrToken(7, NOW, [SECRETS[1]!]);
    expect(verifyQrToken(signedWithOld, NOW, SECRETS).ok).toBe(true);
    expect(verifyQrToken(signedWithOld, NOW, [SECRETS[0]!]).ok).toBe(false);
  });

  it("is no badge code: the same secret signs each purpose with its own key", async () => {
    const { signBadgeCode, verifyBadgeCode } = await import("../../server/badges/badge-code");
    const badge = signBadgeCode("A".repeat(22), SECRETS);
    expect(verifyQrToken(badge, NOW, SECRETS).ok).toBe(false);
    expect(verifyBadgeCode(signQrToken(1, NOW, SECRETS), SECRETS)).toBeNull();
  });
});
