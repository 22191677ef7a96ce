import { describe, expect, it } from "vitest";
import { signForPurpose } from "../../server/auth/purpose-signature";
import { QR_TOKEN_DAYS, qrLinkOf, signQrToken, verifyQrToken } from "../../server/invoices/qr-token";

const SECRETS = ["new-secret-0123456789", "old-secret-0123456789"];
const NOW = new Date("2026-11-23T02:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

describe("invoice QR tokens", () => {
  it("open their application at their link version until they expire after 7 days", () => {
    const token = signQrToken(42, 3, NOW, SECRETS);
    expect(token).toMatch(/^EPI2\.42\.3\.\d{10}\.[A-Za-z0-9_-]{22}$/);
    expect(verifyQrToken(token, NOW, SECRETS)).toMatchObject({ ok: true, applicationId: 42, linkVersion: 3 });
    expect(verifyQrToken(token, new Date(NOW.getTime() + QR_TOKEN_DAYS * DAY - 1000), SECRETS).ok).toBe(true);
    expect(verifyQrToken(token, new Date(NOW.getTime() + QR_TOKEN_DAYS * DAY), SECRETS)).toEqual({ ok: false, reason: "expired" });
  });

  it("refuse an edited id, link version or expiry, another signature, junk and long input", () => {
    const token = signQrToken(42, 0, NOW, SECRETS);
    const [prefix, , version, expires, signature] = token.split(".");
    expect(verifyQrToken(`${prefix}.43.${version}.${expires}.${signature}`, NOW, SECRETS)).toEqual({ ok: false, reason: "invalid" });
    // A revoked link cannot be brought back by writing the current version into it.
    expect(verifyQrToken(`${prefix}.42.1.${expires}.${signature}`, NOW, SECRETS)).toEqual({ ok: false, reason: "invalid" });
    expect(verifyQrToken(`${prefix}.42.${version}.${Number(expires) + 86400}.${signature}`, NOW, SECRETS)).toEqual({ ok: false, reason: "invalid" });
    expect(verifyQrToken(`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, NOW, SECRETS).ok).toBe(false);
    for (const junk of [undefined, 42, "", "EPI2.42", `${token} `, "EPI2.42.01.1.x", "x".repeat(500)]) expect(verifyQrToken(junk, NOW, SECRETS).ok).toBe(false);
  });

  it("read a link handed out before link versions (EPI1) as version 0, and refuse it edited", () => {
    const expires = Math.floor(NOW.getTime() / 1000) + QR_TOKEN_DAYS * 24 * 3600;
    const body = `EPI1.42.${expires}`;
    const legacy = `${body}.${signForPurpose("exhibitor-portal/invoice-qr/v1", body, SECRETS)}`;
    expect(verifyQrToken(legacy, NOW, SECRETS)).toMatchObject({ ok: true, applicationId: 42, linkVersion: 0 });
    expect(verifyQrToken(legacy.replace("EPI1.42.", "EPI1.43."), NOW, SECRETS).ok).toBe(false);
    expect(verifyQrToken(legacy.replace("EPI1.42.", "EPI2.42.0."), NOW, SECRETS).ok).toBe(false);
  });

  it("keep working through a secret rotation, and stop when the old secret is dropped", () => {
    const signedWithOld = signQrToken(7, 0, NOW, [SECRETS[1]!]);
    expect(verifyQrToken(signedWithOld, NOW, SECRETS).ok).toBe(true);
    expect(verifyQrToken(signedWithOld, NOW, [SECRETS[0]!]).ok).toBe(false);
  });

  it("is no badge code: the same secret signs each purpose with its own key", async () => {
    const { signBadgeCode, verifyBadgeCode } = await import("../../server/badges/badge-code");
    const badge = signBadgeCode("A".repeat(22), SECRETS);
    expect(verifyQrToken(badge, NOW, SECRETS).ok).toBe(false);
    expect(verifyBadgeCode(signQrToken(1, 0, NOW, SECRETS), SECRETS)).toBeNull();
  });

  it("hand out no link once the invoice is issued or while the link is revoked", () => {
    const live = qrLinkOf({ id: 5, status: "submitted", linkVersion: 2, revoked: false }, NOW, SECRETS);
    expect(live.qrLink).toEqual({ version: 2, revoked: false });
    expect(live.qr!.url).toMatch(/^\/invoiceArea\/saveQrCode\?token=EPI2\.5\.2\./);
    expect(qrLinkOf({ id: 5, status: "submitted", linkVersion: 3, revoked: true }, NOW, SECRETS)).toEqual({ qr: null, qrLink: { version: 3, revoked: true } });
    expect(qrLinkOf({ id: 5, status: "issued", linkVersion: 2, revoked: false }, NOW, SECRETS).qr).toBeNull();
  });
});
