import { describe, expect, it } from "vitest";
import { changePasswordSchema } from "../../app/schemas/change-password";
import { loginSchema } from "../../app/schemas/login";

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

describe("change password schema (spec point 5)", () => {
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
    expect(messages(changePasswordSchema.safeParse({ password: "a", newPassword: "b", newPassword1: "" }))).toEqual({ newPassword1: "password.confirmRequired" });
  });

  it("accepts a valid change", () => {
    expect(changePasswordSchema.safeParse({ password: "a", newPassword: "b", newPassword1: "b" }).success).toBe(true);
  });
});

describe("login schema", () => {
  it("trims the username and requires both fields", () => {
    expect(messages(loginSchema.safeParse({ username: "  ", password: "" }))).toEqual({ username: "login.usernameRequired", password: "login.passwordRequired" });
    const ok = loginSchema.safeParse({ username: " std01 ", password: "x" });
    expect(ok.success && ok.data.username).toBe("std01");
  });
});
