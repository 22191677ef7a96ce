import { describe, expect, it } from "vitest";
import { changePasswordSchema } from "../../app/contracts/auth/change-password-schema";
import { loginSchema } from "../../app/contracts/auth/login-schema";
import {
  DEFAULT_UPLOAD_KINDS,
  DEFAULT_UPLOAD_MAX_BYTES,
  DEFAULT_UPLOAD_MAX_COUNT,
  effectiveRules,
  formatSizeLimit,
  KIND_EXTENSIONS,
  kindOfName,
} from "~/contracts/uploads/schema";

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

describe("change password schema (docs/product.md § Account pages)", () => {
  it("requires each field with its own message", () => {
    expect(messages(changePasswordSchema.safeParse({}))).toEqual({
      password: "password.oldRequired",
      newPassword: "password.newRequired",
      newPassword1: "password.confirmRequired",
    });
    expect(messages(changePasswordSchema.safeParse({ password: "", newPassword: "", newPassword1: "" }))).toEqual({
      password: "password.oldRequired",
      newPassword: "password.newRequired",
      newPassword1: "password.confirmRequired",
    });
  });

  it("refuses a new password equal to the old one", () => {
    expect(messages(changePasswordSchema.safeParse({ password: "a", newPassword: "a", newPassword1: "a" }))).toEqual({ newPassword: "password.sameAsOld" });
  });

  it("refuses a confirmation that differs", () => {
    expect(messages(changePasswordSchema.safeParse({ password: "a", newPassword: "b", newPassword1: "c" }))).toEqual({ newPassword1: "password.mismatch" });
  });

  it("does not pile a mismatch on top of a missing field", () => {
    expect(messages(changePasswordSchema.safeParse({ password: "a", newPassword: "b", newPassword1: "" }))).toEqual({
      newPassword1: "password.confirmRequired",
    });
  });

  it("accepts a valid change", () => {
    expect(changePasswordSchema.safeParse({ password: "a", newPassword: "b", newPassword1: "b" }).success).toBe(true);
  });
});

describe("login schema", () => {
  it("trims the username and requires both fields", () => {
    expect(messages(loginSchema.safeParse({ username: "  ", password: "" }))).toEqual({
      username: "login.usernameRequired",
      password: "login.passwordRequired",
    });
    const ok = loginSchema.safeParse({ username: " std01 ", password: "x" });
    expect(ok.success && ok.data.username).toBe("std01");
  });
});

describe("upload rules (docs/product.md § Uploads)", () => {
  it("shows the size limit in KB under 1 MB, in MB from 1 MB", () => {
    expect(formatSizeLimit(500 * 1024)).toBe("500KB");
    expect(formatSizeLimit(1023 * 1024)).toBe("1023KB");
    expect(formatSizeLimit(1024 * 1024)).toBe("1MB");
    expect(formatSizeLimit(5 * 1024 * 1024)).toBe("5MB");
    expect(formatSizeLimit(1.5 * 1024 * 1024)).toBe("1.5MB");
  });

  it("defaults to jpg, jpeg, png, gif, pdf, xls, xlsx, 5 MB and one file", () => {
    expect(DEFAULT_UPLOAD_KINDS.flatMap((k) => KIND_EXTENSIONS[k])).toEqual(["jpg", "jpeg", "png", "gif", "pdf", "xls", "xlsx"]);
    expect(DEFAULT_UPLOAD_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(DEFAULT_UPLOAD_MAX_COUNT).toBe(1);
  });

  it("lets a use narrow its folder's rules, never widen them", () => {
    expect(effectiveRules("feedback", { kinds: ["png"], maxBytes: 1024 })).toEqual({ kinds: ["png"], maxBytes: 1024 });
    expect(effectiveRules("feedback", { kinds: ["pdf"], maxBytes: 1e12 })).toEqual({ kinds: ["jpg", "png", "gif"], maxBytes: 5 * 1024 * 1024 });
    expect(effectiveRules("company-video")).toEqual({ kinds: ["mp4"], maxBytes: 200 * 1024 * 1024 });
  });

  it("reads the kind a name claims, jpeg being jpg", () => {
    expect(kindOfName("Photo.JPEG")).toBe("jpg");
    expect(kindOfName("sheet.xlsx")).toBe("xlsx");
    expect(kindOfName("notes.txt")).toBeNull();
    expect(kindOfName("noextension")).toBeNull();
  });
});
