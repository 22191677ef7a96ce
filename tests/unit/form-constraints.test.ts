import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { commitmentSchema } from "../../app/contracts/booth-construction/schema";
import { stepSchema } from "../../app/contracts/exhibitor/schema";
import { feedbackFormSchema } from "../../app/contracts/settings/feedback-schema";
import { skinSchema } from "../../app/contracts/settings/skin-schema";
import { declarationSchema } from "../../app/contracts/transport/schema";
import { formConstraints } from "../../app/lib/forms.server";

/**
 * The loaders send each form's native constraints (app/lib/forms.server.ts) instead of the browser
 * computing them from the schema: the attributes the fields render (required, pattern, multiple)
 * must be the ones the browser computed before. getZodConstraint gives no minLength/maxLength/min/max
 * with zod 4.6 (it reads `_zod.bag`, which zod no longer fills), so the pages set maxLength themselves.
 */
describe("form constraints from the server", () => {
  it("are what the browser used to compute, per form", () => {
    const constraints = formConstraints({ feedback: feedbackFormSchema, declaration: declarationSchema });
    expect(constraints.feedback).toEqual(getZodConstraint(feedbackFormSchema));
    expect(constraints.declaration).toEqual(getZodConstraint(declarationSchema));
  });

  it("mark required and optional fields", () => {
    const { feedback } = formConstraints({ feedback: feedbackFormSchema });
    expect(feedback.type).toEqual({ required: true });
    expect(feedback.content).toEqual({ required: true });
    expect(feedback.imgUrl).toEqual({ required: false });
  });

  it("give a choice its pattern and a list its multiple", () => {
    const { skin, declaration } = formConstraints({ skin: skinSchema, declaration: declarationSchema });
    expect(skin.skin).toEqual({ required: true, pattern: "skin1|skin2|skin3" });
    expect(declaration.services).toEqual({ required: true, multiple: true });
    expect(declaration["services[]"]?.pattern).toBe("delivery|return|storage|forklift|crane");
    expect(declaration.billUrl).toEqual({ required: false });
  });

  it("follow a schema built with the page's options", () => {
    const { company, commitment } = formConstraints({
      company: stepSchema("company", { language: "zh", districtsExist: false }),
      commitment: commitmentSchema("en"),
    });
    expect(company.companyNameZh).toEqual({ required: true });
    expect(company.listingStatus).toEqual({ required: true, pattern: "unlisted|listed" });
    expect(company.website).toEqual({ required: false });
    expect(commitment.responsiblePerson).toEqual({ required: true });
    expect(commitment.boothId).toEqual({ required: false });
  });

  it("come through JSON as they are (loader data)", () => {
    const constraints = formConstraints({ declaration: declarationSchema });
    expect(JSON.parse(JSON.stringify(constraints))).toEqual(constraints);
  });
});
