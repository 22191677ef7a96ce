import { buttonGrantsFor } from "~/lib/buttons.server";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import type { Language } from "~/contracts/i18n/config";
import { translate } from "~/contracts/i18n/translate.server";
import { type ApiClient, type ApiResult, requireOk } from "~/lib/api.server";
import { heldFormValues } from "~/lib/form-hold.server";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";

/** What a booth construction page loads for the booth chosen in the header. */
export type BoothPage<A, C> = {
  titleKey: string;
  constraints: (language: Language) => C;
  read: (api: ApiClient, boothId: number | undefined) => Promise<ApiResult<A>>;
  /** The form fields kept for a session that ends mid-form. */
  heldFields: readonly string[];
  /** The menus of the page's permissioned buttons (use-button.ts), if it has any. */
  buttonMenus?: readonly number[];
};

/**
 * The loader of a booth construction page: its title, its form constraints, the booth's answer and a
 * form held over a sign-in. The organizer (and an exhibitor without a booth) has no booth to build:
 * `answer` is null and the page says so once, instead of a failed call.
 */
export async function loadBoothPage<A, C>({ request, context }: LoaderFunctionArgs, page: BoothPage<A, C>) {
  const user = await requireShellUser(request, context);
  const { api, language, info } = user;
  const title = translate(language, page.titleKey);
  const constraints = page.constraints(language);
  const buttonGrants = page.buttonMenus ? buttonGrantsFor(user, page.buttonMenus) : null;
  if (!info.infoVO.booths.length)
    return json({ title, answer: null as A | null, held: null, constraints, buttonGrants }, { headers: { "Cache-Control": "no-store" } });
  const answer: A | null = await requireOk(await page.read(api, info.infoVO.boothId ?? undefined), request, context);
  const held = await heldFormValues(request, context, formHolderOf(info), page.heldFields);
  return json({ title, answer, held: held.values, constraints, buttonGrants }, { headers: held.headers });
}
