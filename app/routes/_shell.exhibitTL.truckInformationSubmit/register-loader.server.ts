import { json, type LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import type { Language } from "~/contracts/i18n/config";
import { translate } from "~/contracts/i18n/translate.server";
import { registerPageState } from "~/features/vehicles/register-action.server";
import { loadRecordHistory } from "~/features/team/record-history.server";
import type { VehiclePageKind } from "~/contracts/vehicles/kinds";
import { type ApiResult, requireOk } from "~/lib/api.server";
import { formConstraints } from "~/lib/forms.server";
import { requireShellUser } from "~/lib/permissions.server";

type Api = Awaited<ReturnType<typeof requireShellUser>>["api"];

/**
 * A vehicle register page's loader (this page's trucks, the blue-plate cars): the exhibitor's list,
 * the row `?edit=` or `?delete=` names, a form held over a sign-in, and the save and update forms'
 * constraints; and the History of the row `?history=` names. `check` may send the reader elsewhere
 * once the list is read.
 */
export async function registerPageLoader<
  List,
  Row extends { id: number; canEdit: boolean; canDelete: boolean },
  Schemas extends { save: z.ZodType; update: z.ZodType },
>(
  { request, context }: LoaderFunctionArgs,
  setup: {
    kind: VehiclePageKind;
    titleKey: string;
    list: (api: Api) => Promise<ApiResult<List>>;
    rows: (list: List) => Row[];
    formFields: readonly string[];
    schemas: Schemas;
    check?: (list: List, language: Language) => void;
  },
) {
  const { api, language, info } = await requireShellUser(request, context);
  const list = await requireOk(await setup.list(api), request, context);
  setup.check?.(list, language);
  const rows = setup.rows(list);
  const { headers, ...state } = await registerPageState({ request, context, info }, rows, setup.formFields);
  // Only a row of the list: another company's id shows nothing (the API would answer 404 anyway).
  const historyOf = rows.find((row) => String(row.id) === new URL(request.url).searchParams.get("history")) ?? null;
  const history = historyOf ? { row: historyOf, entries: await loadRecordHistory(api, setup.kind.historyType, historyOf.id) } : null;
  return json({ title: translate(language, setup.titleKey), list, ...state, history, constraints: formConstraints(setup.schemas) }, { headers });
}
