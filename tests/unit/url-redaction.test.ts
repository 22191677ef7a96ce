import { describe, expect, it } from "vitest";
import { createLogger, redactUrl } from "../../server/logger";

const QR_TOKEN = `EPI2.12.0.1799999999.${"Zq9".repeat(7)}x`;

/** Issue 36 item 4: a secret carried in a URL never reaches a log line. */
describe("redactUrl", () => {
  it("blanks the value of every query parameter that carries a secret, whatever its case, and keeps the rest", () => {
    expect(redactUrl(`/invoiceArea/saveQrCode?token=${QR_TOKEN}&saved=1`)).toBe("/invoiceArea/saveQrCode?token=[redacted]&saved=1");
    expect(redactUrl(`/api/invoice/qr/info?Token=${QR_TOKEN}`)).toBe("/api/invoice/qr/info?Token=[redacted]");
    for (const name of [
      "ticket",
      "code",
      "signature",
      "policy",
      "key",
      "OSSAccessKeyId",
      "X-Amz-Signature",
      "X-Amz-Credential",
      "X-Amz-Security-Token",
      "password",
      "access_token",
    ]) {
      expect(redactUrl(`/storage?${name}=s3cr3t&folder=photos`), name).toBe(`/storage?${name}=[redacted]&folder=photos`);
    }
    expect(redactUrl("/index?_data=routes%2F_shell.index&page=2")).toBe("/index?_data=routes%2F_shell.index&page=2");
    expect(redactUrl("/login")).toBe("/login");
  });

  it("blanks a QR token wherever it stands: another parameter, a path segment, an absolute URL", () => {
    expect(redactUrl(`/invoiceArea/saveQrCode?t=${encodeURIComponent(QR_TOKEN)}`)).toBe("/invoiceArea/saveQrCode?t=[redacted]");
    expect(redactUrl(`/invoiceArea/saveQrCode/${QR_TOKEN}/x`)).toBe("/invoiceArea/saveQrCode/[redacted]/x");
    expect(redactUrl(`https://portal.example/invoiceArea/saveQrCode?token=${QR_TOKEN}#top`)).toBe(
      "https://portal.example/invoiceArea/saveQrCode?token=[redacted]#top",
    );
  });

  it("blanks the dynamic segments of the token routes it is given, as the router matches them (issue 50 item 3)", () => {
    const secret = ["/setPassword/:token", "/a/:code/b/*"];
    expect(redactUrl("/setPassword/abcDEF123", secret)).toBe("/setPassword/[redacted]");
    expect(redactUrl("/SETPASSWORD/abc?_data=routes%2FsetPassword.%24token", secret)).toBe("/SETPASSWORD/[redacted]?_data=routes%2FsetPassword.%24token");
    expect(redactUrl("//setPassword//abc/more", secret)).toBe("//setPassword//[redacted]/more");
    expect(redactUrl("/set%50assword/abc", secret)).toBe("/set%50assword/[redacted]");
    expect(redactUrl("/a/x/b/y/z", secret)).toBe("/a/[redacted]/b/[redacted]/[redacted]");
    expect(redactUrl("/setPassword", secret)).toBe("/setPassword");
    expect(redactUrl("/visit/ABC", secret)).toBe("/visit/ABC");
  });

  it("copes with what a hostile client sends: broken escapes, a bare name, repeated names", () => {
    expect(redactUrl("/x?%E0%A4%A=1&token")).toBe("/x?%E0%A4%A=1&token");
    expect(redactUrl("/x?token=a&token=b&code=%ZZ")).toBe("/x?token=[redacted]&token=[redacted]&code=[redacted]");
    expect(redactUrl("/x?tok%65n=abc")).toBe("/x?tok%65n=[redacted]");
  });
});

describe("the logger", () => {
  it("redacts a URL that an app log line carries", () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger("info", { write: (line: string) => void lines.push(JSON.parse(line)) });
    logger.warn(
      { url: `/invoiceArea/saveQrCode?token=${QR_TOKEN}`, path: `/files/${QR_TOKEN}`, location: `/invoiceArea/saveQrCode?saved=1&token=${QR_TOKEN}` },
      "something about a page",
    );
    expect(JSON.stringify(lines)).not.toContain(QR_TOKEN);
    expect(lines[0]).toMatchObject({
      url: "/invoiceArea/saveQrCode?token=[redacted]",
      path: "/files/[redacted]",
      location: "/invoiceArea/saveQrCode?saved=1&token=[redacted]",
    });
  });
});
