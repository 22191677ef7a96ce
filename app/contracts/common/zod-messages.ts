import * as z from "zod";

/**
 * Every message a schema can give is a portal text: a message a schema words itself is a text key
 * already; this gives the issues it leaves to zod (an API body of the wrong shape, an unknown
 * option) a key too, instead of zod's English default. Imported by every schema module, so it is in
 * force wherever a schema runs: the actions and the API (the browser runs none, lib/forms.ts).
 */
function portalIssueMessage(issue: { code?: string; input?: unknown }): string {
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined || issue.input === null ? "validation.missing" : "validation.invalid";
    case "too_big":
      return "validation.tooBig";
    case "too_small":
      return "validation.tooSmall";
    default:
      return "validation.invalid";
  }
}

z.config({ customError: portalIssueMessage });
