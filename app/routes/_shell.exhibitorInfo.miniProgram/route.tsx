import { shellTitle } from "~/lib/page-title";
import { Paper, Stack } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ActionError } from "~/components/form-error";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { showcaseEndpoints } from "~/contracts/showcase/endpoints.server";
import { EXHIBITS_PATH } from "~/features/promotion/paths";
import { MINI_PROGRAM_PATH } from "~/features/showcase/paths";
import { useTranslation } from "~/i18n/texts";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { useIsPending } from "~/lib/hooks";
import { linkableFor, requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { PhonePreview } from "./phone-preview";
import { SelectionForm, savedValues, type SelectionValues } from "./selection-form";
import "~/contracts/showcase/texts";
import { Panel } from "~/components/panel";
import { PageHeading } from "~/components/page-heading";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "showcase.page.title" } satisfies PageHandle;

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * /exhibitorInfo/miniProgram (issue 40, decision 036): the exhibitor picks 1 to 3 exhibits and their
 * order for its public showcase page, sees a phone-sized preview, and gets the page's QR code (PNG,
 * a resource route beside this one). Plain posts: it works without script.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  const { api, language, info } = user;
  const showcase = await requireOk(await api.call(showcaseEndpoints.mine), request, context);
  const vo = info.infoVO;
  const company = (language === "en" ? vo.businessNameEn || vo.businessName : vo.businessName || vo.businessNameEn) ?? vo.username;
  // The exhibits page lives in the invitation area, which some users (English) cannot open: no link then.
  const exhibitsLink = linkableFor(user, context.pages ?? [], EXHIBITS_PATH);
  return json({ title: translate(language, "showcase.page.title"), showcase, company, booth: vo.boothNo, exhibitsLink });
}

type Reply = { values?: SelectionValues; error?: string };

/** The ticked exhibits in the order of their positions (unset last, in list order); a position used twice is refused. */
function orderedSelection(formData: FormData): { values: SelectionValues; ids: string[]; twice: boolean } {
  const checked = formData.getAll("exhibitIds").map(String);
  const positions: Record<string, string> = {};
  for (const [name, value] of formData.entries()) if (name.startsWith("position-") && typeof value === "string") positions[name.slice(9)] = value;
  const rank = (id: string) => Number(positions[id]) || Number.MAX_SAFE_INTEGER;
  const ids = checked.map((id, index) => ({ id, index })).sort((a, b) => rank(a.id) - rank(b.id) || a.index - b.index);
  const used = checked.map((id) => positions[id]).filter(Boolean);
  return { values: { checked, positions }, ids: ids.map((x) => x.id), twice: new Set(used).size !== used.length };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const formData = await request.formData();
  if (formData.get("intent") === "enable") {
    const enabled = formData.get("enabled") === "true";
    const result = await handleAuthErrors(await api.call(showcaseEndpoints.enable, { enabled: String(enabled) }), request, context);
    if (!result.ok) return json<Reply>({ error: result.message }, { status: 400, headers: NO_STORE });
    return redirectWithToast(MINI_PROGRAM_PATH, context, { kind: "success", key: enabled ? "showcase.page.switchedOn" : "showcase.page.switchedOff" });
  }
  const { values, ids, twice } = orderedSelection(formData);
  if (twice) return json<Reply>({ values, error: translate(language, "showcase.errors.positionTwice") }, { status: 400, headers: NO_STORE });
  const result = await handleAuthErrors(await api.call(showcaseEndpoints.save, { exhibitIds: ids }), request, context);
  if (!result.ok) return json<Reply>({ values, error: result.message }, { status: 400, headers: NO_STORE });
  return redirectWithToast(MINI_PROGRAM_PATH, context, { kind: "success", key: "showcase.page.saved" });
}

export default function MiniProgramPage() {
  const { t } = useTranslation();
  const { showcase, company, booth, exhibitsLink } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as Reply | undefined;
  const pending = useIsPending();
  return (
    <Stack gap="lg" maw={1100}>
      <Panel gap="sm">
        <PageHeading title={t("showcase.page.title")} intro={t("showcase.page.intro")} />
      </Panel>
      <Paper withBorder p={{ base: "sm", sm: "lg" }}>
        <SelectionForm
          candidates={showcase.candidates}
          exhibitsLink={exhibitsLink}
          values={reply?.values ?? savedValues(showcase.selected)}
          error={reply?.values ? reply.error : null}
          pending={pending}
        />
      </Paper>
      {reply && !reply.values ? <ActionError message={reply.error} /> : null}
      <Paper withBorder p={{ base: "sm", sm: "lg" }}>
        <PhonePreview showcase={showcase} company={company} booth={booth} />
      </Paper>
    </Stack>
  );
}
