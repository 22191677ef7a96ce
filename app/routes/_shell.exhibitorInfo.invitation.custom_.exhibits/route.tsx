import { shellTitle } from "~/lib/page-title";
import { ActionError } from "~/components/form-error";
import type { SubmissionResult } from "@conform-to/react";
import { Alert, Anchor, Group, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { exhibitorEndpoints } from "~/contracts/exhibitor/endpoints.server";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { promotionEndpoints } from "~/contracts/promotion/endpoints.server";
import { CUSTOM_PATH, EXHIBITS_PATH } from "~/features/promotion/paths";
import { replyToPromotionFailure } from "~/features/promotion/reply.server";
import { exhibitIdSchema, exhibitSchema, exhibitUpdateSchema, type ExhibitInput } from "~/features/promotion/schema.server";
import { readUploadForm, replyWithUploadErrors } from "~/features/uploads/uploads.server";
import { useTranslation } from "~/i18n/texts";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { heldFormValues, rememberForm } from "~/lib/form-hold.server";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { EXHIBIT_FIELDS, EXHIBIT_UPLOAD, ExhibitForm, exhibitDefaults } from "./exhibit-form";
import { ExhibitTable } from "./exhibit-table";
import "~/contracts/promotion/texts";
import { Panel } from "~/components/panel";
import { PromotionDeleteConfirm } from "~/features/promotion/delete-confirm";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

/** Opened from the custom invitation page, and takes its permission (the /invitation area, hidden in English). */
export const handle = { breadcrumb: "promotion.pages.exhibits.title", title: "promotion.pages.exhibits.title", permissionOf: CUSTOM_PATH } satisfies PageHandle;

const NO_STORE = { "Cache-Control": "no-store" };
const SAVE_FIELDS = ["nameZh", "nameEn", "descriptionZh", "descriptionEn", "classId", "imageUrls"] as const;

/**
 * The exhibitor's exhibits (issue 38): the list in the order invitations show them, with move up and
 * down; the form to add one or, with `?edit=`, change one; `?delete=` asks before deleting. At most
 * 50 (the API's cap, shown here).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const [list, classes] = await Promise.all([
    api.call(promotionEndpoints.exhibits).then((r) => requireOk(r, request, context)),
    api.call(exhibitorEndpoints.classes).then((r) => requireOk(r, request, context)),
  ]);
  const url = new URL(request.url);
  const held = await heldFormValues(request, context, formHolderOf(info), EXHIBIT_FIELDS, "save");
  const find = (id: unknown) => (id ? (list.items.find((e) => String(e.id) === String(id)) ?? null) : null);
  const editing = find(held.values ? held.values.id : url.searchParams.get("edit"));
  return json(
    {
      title: translate(language, "promotion.pages.exhibits.title"),
      exhibits: list.items,
      max: list.max,
      classes: classes.map((c) => ({ value: String(c.id), label: language === "en" ? c.nameEn || c.name : c.name })),
      editing,
      deleting: find(url.searchParams.get("delete")),
      held: held.values,
      constraints: formConstraints({ exhibit: exhibitSchema }),
    },
    { headers: held.headers },
  );
}

type Reply = { result?: SubmissionResult<string[]>; error?: string };
const reply = (body: Reply) => json(body, { status: 400, headers: NO_STORE });

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const { formData, uploadErrors } = await readUploadForm(request, context, api, language, { imageUrls: EXHIBIT_UPLOAD });
  rememberForm(request, formData);
  const intent = String(formData.get("intent") ?? "");

  if (intent === "delete" || intent === "move") {
    const parsed = exhibitIdSchema.safeParse({ id: formData.get("id") });
    if (!parsed.success) throw new Response("Bad request", { status: 400 });
    const { id } = parsed.data;
    if (intent === "delete") {
      const removed = await handleAuthErrors(await api.call(promotionEndpoints.removeExhibit, { id }), request, context);
      if (!removed.ok) return reply({ error: removed.message });
      return redirectWithToast(EXHIBITS_PATH, context, { kind: "success", key: "promotion.pages.exhibits.deleted" });
    }
    // The new order is computed from the list as it is now, so an exhibit added meanwhile elsewhere is kept.
    const list = await requireOk(await api.call(promotionEndpoints.exhibits), request, context);
    const ids = list.items.map((e) => e.id);
    const at = ids.indexOf(id);
    const to = formData.get("direction") === "up" ? at - 1 : at + 1;
    if (at < 0 || to < 0 || to >= ids.length) return redirectWithToast(EXHIBITS_PATH, context, { kind: "success", key: "promotion.pages.exhibits.moved" });
    [ids[at], ids[to]] = [ids[to]!, ids[at]!];
    const ordered = await handleAuthErrors(await api.call(promotionEndpoints.orderExhibits, { ids: ids.join(",") }), request, context);
    if (!ordered.ok) return reply({ error: ordered.message });
    return redirectWithToast(EXHIBITS_PATH, context, { kind: "success", key: "promotion.pages.exhibits.moved" });
  }

  const updating = Boolean(formData.get("id"));
  const submission = parseWithZod(formData, { schema: updating ? exhibitUpdateSchema : exhibitSchema });
  if (submission.status !== "success" || Object.keys(uploadErrors).length) return reply({ result: replyWithUploadErrors(submission, uploadErrors) });
  const v = submission.value as ExhibitInput & { id?: number; version?: number };
  const input = {
    nameZh: v.nameZh,
    nameEn: v.nameEn ?? "",
    descriptionZh: v.descriptionZh ?? "",
    descriptionEn: v.descriptionEn ?? "",
    classId: v.classId === undefined ? "" : String(v.classId),
    imageUrls: v.imageUrls,
  };
  const saved =
    v.id !== undefined
      ? await api.call(promotionEndpoints.updateExhibit, { ...input, id: v.id, version: v.version })
      : await api.call(promotionEndpoints.addExhibit, input);
  const result = await handleAuthErrors(saved, request, context);
  if (!result.ok) return reply({ result: replyToPromotionFailure(submission, result, SAVE_FIELDS) });
  return redirectWithToast(EXHIBITS_PATH, context, { kind: "success", key: "promotion.pages.exhibits.saved" });
}

export default function ExhibitsPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as Reply | undefined;
  const pending = useIsPending();
  const full = data.exhibits.length >= data.max;
  return (
    <Stack gap="lg" maw={1000}>
      <Panel>
        <Group justify="space-between" align="flex-start">
          <Title order={1} size="h3">
            {t("promotion.pages.exhibits.title")}
          </Title>
          <Anchor component={Link} to={CUSTOM_PATH}>
            {t("promotion.pages.exhibits.back")}
          </Anchor>
        </Group>
        <Text size="sm" c="dimmed">
          {t("promotion.pages.exhibits.intro")}
        </Text>
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t("promotion.pages.exhibits.listTitle")}
          </Title>
          <Text size="sm" data-testid="exhibit-count">
            {t("promotion.pages.exhibits.count", { count: data.exhibits.length, max: data.max })}
          </Text>
        </Group>
        <ActionError message={actionData?.error} />
        {data.deleting ? (
          <PromotionDeleteConfirm texts="exhibits" id={data.deleting.id} name={data.deleting.nameZh} cancelTo={EXHIBITS_PATH} pending={pending} />
        ) : null}
        <ExhibitTable exhibits={data.exhibits} pending={pending} />
      </Panel>
      <Panel gap="sm">
        {full && !data.editing ? (
          <Alert color="yellow" data-testid="exhibits-full">
            {t("promotion.pages.exhibits.full", { max: data.max })}
          </Alert>
        ) : null}
        <ExhibitForm
          key={data.editing ? `edit-${data.editing.id}-${data.editing.version}` : `new-${data.exhibits.length}`}
          editing={data.editing}
          classes={data.classes}
          defaults={data.held ?? (data.editing ? exhibitDefaults(data.editing) : null)}
          constraint={data.constraints.exhibit}
          lastResult={actionData?.result}
          pending={pending}
          disabled={full && !data.editing}
        />
      </Panel>
    </Stack>
  );
}
