import type { SubmissionResult } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type * as z from "zod";
import type { AnyEndpoint } from "~/contracts/api/endpoint";
import { translate } from "~/contracts/i18n/translate.server";
import { type ApiClient, type ApiResult, handleAuthErrors, requireOk } from "~/lib/api.server";
import { heldFormValues, rememberForm } from "~/lib/form-hold.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { pageFrom } from "~/lib/address";

/** What a post of the catalogue pages answers when refused: the form with its errors, or the removal's reason. */
export type CatalogueReply = { form: "save"; result: SubmissionResult<string[]> } | { form: "remove"; error: string };

const NO_STORE = { "Cache-Control": "private, no-store" };

type Setup = {
  schema: z.ZodType<Record<string, unknown>, Record<string, unknown>>;
  fields: readonly string[];
  save: AnyEndpoint;
  remove: AnyEndpoint;
  /** The list's address (its page kept), where a done post goes back to. */
  back: (request: Request) => string;
  saved: string;
  removed: string;
};

/**
 * The posts of /index/settings/services and /index/settings/overseasAgents: `intent=save` (checked
 * here with the form's schema, then sent to the API as typed, so the API checks it again and names
 * any field it refuses) and `intent=remove` (after the page's confirmation). Plain posts: no script needed.
 */
export async function catalogueAction({ request, context }: ActionFunctionArgs, setup: Setup) {
  const { api } = await requireShellUser(request, context);
  const formData = await request.formData();
  rememberForm(request, formData);
  if (formData.get("intent") === "remove") {
    const removed = await handleAuthErrors(await api.call(setup.remove, { id: String(formData.get("id") ?? "") } as never), request, context);
    if (!removed.ok) return json<CatalogueReply>({ form: "remove", error: removed.message }, { status: 400, headers: NO_STORE });
    return redirectWithToast(setup.back(request), context, { kind: "success", key: setup.removed });
  }
  const submission = parseWithZod(formData, { schema: setup.schema });
  if (submission.status !== "success") return json<CatalogueReply>({ form: "save", result: submission.reply() }, { status: 400, headers: NO_STORE });
  const typed = Object.fromEntries(setup.fields.map((name) => [name, String(formData.get(name) ?? "")]));
  const saved = await handleAuthErrors(await api.call(setup.save, typed as never), request, context);
  if (!saved.ok) return json<CatalogueReply>({ form: "save", result: replyToApiFailure(submission, saved, setup.fields) }, { status: 400, headers: NO_STORE });
  return redirectWithToast(setup.back(request), context, { kind: "success", key: setup.saved });
}

/** The list page a post came from: its `?page=`, without the edit or removal it was about. */
export function listAddress(path: string, request: Request) {
  const page = Number(new URL(request.url).searchParams.get("page"));
  return Number.isInteger(page) && page > 1 ? `${path}?page=${page}` : path;
}

type CatalogueList = { list: { id: number }[]; page: number; pageSize: number; total: number };

/**
 * The list page of /index/settings/services and /index/settings/overseasAgents: a page of rows, the
 * one `?edit=<id>` edits (or the one a save held over a sign-in was for) and the one `?remove=<id>`
 * asks about.
 */
export async function catalogueLoader<Page extends CatalogueList>(
  { request, context }: LoaderFunctionArgs,
  setup: Pick<Setup, "schema" | "fields"> & { titleKey: string; list: (api: ApiClient, page: number) => Promise<ApiResult<Page>> },
) {
  const { api, language, info } = await requireShellUser(request, context);
  const params = new URL(request.url).searchParams;
  const pageNo = pageFrom(params);
  const page = await requireOk(await setup.list(api, pageNo), request, context);
  // A save posted after the session ended comes back once, as typed, to the row it was for.
  const held = await heldFormValues(request, context, formHolderOf(info), setup.fields, "save");
  const byId = (key: string, id = params.get(key)): Page["list"][number] | null => page.list.find((row) => String(row.id) === id) ?? null;
  return json(
    {
      title: translate(language, setup.titleKey),
      page,
      editing: byId("edit", typeof held.values?.id === "string" ? held.values.id : params.get("edit")),
      removing: byId("remove"),
      held: held.values,
      constraint: formConstraints({ row: setup.schema }).row,
    },
    { headers: held.headers },
  );
}
