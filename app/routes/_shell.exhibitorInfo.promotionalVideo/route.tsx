import { shellTitle } from "~/lib/page-title";
import { Paper, Stack } from "@mantine/core";
import type { ActionFunctionArgs, AppLoadContext, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { ActionError } from "~/components/form-error";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { promotionEndpoints } from "~/contracts/promotion/endpoints.server";
import type { VideoStatus } from "~/contracts/video/api-types";
import { videoEndpoints } from "~/contracts/video/endpoints.server";
import { VIDEO_REFRESH_MS } from "~/contracts/video/values";
import { useTranslation } from "~/i18n/texts";
import { apiFor, handleAuthErrors, requireOk, signInUrl } from "~/lib/api.server";
import { useIsPending } from "~/lib/hooks";
import { isMessagingAppBrowser } from "~/lib/messaging-browser";
import { getShellUser, requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { FlagsForm, StartForm, VideoState } from "./parts";
import { PublicIntro, PublicVideo } from "./public-view";
import "~/contracts/video/texts";
import { Panel } from "~/components/panel";
import { PageHeading } from "~/components/page-heading";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

/**
 * A public page of the spec (docs/product.md § Public pages): signed out, or with a share code
 * (?code=…), it plays an exhibitor's video or says what the page is for; signed in without a code,
 * any account may open it, whatever its menu, and the exhibitor manages its video.
 */
export const handle = { breadcrumb: "video.title", public: true, inAppBrowser: "withCode" } satisfies PageHandle;

const PATH = "/exhibitorInfo/promotionalVideo";
const NO_STORE = { "Cache-Control": "private, no-store" };
/**
 * The share page and the intro show public data, so a copy may be kept, but never shown without
 * asking again: the exhibitor may change or stop what the link plays, and the language follows the
 * visitor's cookie (a shared cache would mix them). The exhibitor's own page is its alone.
 */
const PUBLIC_PAGE = { "Cache-Control": "no-cache" };
export const headers: HeadersFunction = ({ loaderHeaders }) => ({ "Cache-Control": loaderHeaders.get("Cache-Control") ?? NO_STORE["Cache-Control"] });

/**
 * /exhibitorInfo/promotionalVideo (issue 40, decision 037): the exhibitor starts a generation (a
 * background job), sees its state and progress, plays and shares its video and allows downloads.
 * While a job is queued or rendering the page looks again every 2 s with script, every 5 s by a
 * meta refresh without. Plain posts: it works without script.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const code = new URL(request.url).searchParams.get("code");
  const user = code === null ? await getShellUser(request, context) : null;
  if (code !== null || !user) {
    const view = await publicView(request, context, code);
    return json(view, { headers: PUBLIC_PAGE, status: view.view === "public" && !view.page ? 404 : 200 });
  }
  const { api, language } = await requireShellUser(request, context);
  const [status, exhibits] = await Promise.all([api.call(videoEndpoints.progress), api.call(promotionEndpoints.exhibits)]);
  const origin = new URL(request.url).origin;
  return json(
    {
      view: "manage" as const,
      title: translate(language, "video.title"),
      status: await requireOk(status, request, context),
      exhibits: exhibits.ok
        ? exhibits.data.items.map((e) => ({ id: e.id, name: (language === "en" ? e.nameEn || e.nameZh : e.nameZh || e.nameEn) ?? "" }))
        : [],
      origin,
    },
    { headers: NO_STORE },
  );
}

/** The share page of a code (404 with the message when it plays nothing), or the intro with a sign-in link. */
async function publicView(request: Request, context: AppLoadContext, code: string | null) {
  const api = await apiFor(request, context);
  const title = translate(api.language, "video.publicTitle");
  if (code === null) return { view: "intro" as const, title, signIn: await signInUrl(request, context) };
  const result = await api.call(videoEndpoints.publicPage, { code });
  if (!result.ok && result.code !== 404 && result.code !== 400) throw new Response(result.message, { status: 503 });
  // The messaging app's in-app browser opens a share link that plays a video (root.tsx); any other code gets its notice, as every page does.
  if (!result.ok && isMessagingAppBrowser(request.headers.get("user-agent"))) throw redirect("/wxBrowser");
  return { view: "public" as const, title, page: result.ok ? result.data : null, error: result.ok ? null : result.message };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const form = await request.formData();
  if (form.get("intent") === "flags") {
    const result = await handleAuthErrors(
      await api.call(videoEndpoints.updateFlags, {
        downloadAllowed: form.get("downloadAllowed") === "on" ? "1" : "",
        showsUploaded: form.get("showsUploaded") === "1" ? "1" : "",
      }),
      request,
      context,
    );
    if (!result.ok) return json({ error: result.message }, { status: 400, headers: NO_STORE });
    return redirectWithToast(PATH, context, { kind: "success", key: "video.flagsSaved" });
  }
  const input = { orientation: String(form.get("orientation") ?? ""), exhibitIds: form.getAll("exhibitIds").map(String) };
  const result = await handleAuthErrors(await api.call(videoEndpoints.generate, input), request, context);
  if (!result.ok) return json({ error: result.message }, { status: result.code === 409 ? 409 : 400, headers: NO_STORE });
  return redirectWithToast(PATH, context, { kind: "success", key: "video.started" });
}

export default function PromotionalVideoRoute() {
  const data = useLoaderData<typeof loader>();
  if (data.view === "manage") return <PromotionalVideoPage status={data.status} exhibits={data.exhibits} origin={data.origin} />;
  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }} maw={760}>
      {data.view === "intro" ? <PublicIntro signIn={data.signIn} /> : <PublicVideo page={data.page} error={data.error} />}
    </Paper>
  );
}

function PromotionalVideoPage({ status, exhibits, origin }: { status: VideoStatus; exhibits: { id: number; name: string }[]; origin: string }) {
  const { t } = useTranslation();
  const reply = useActionData<typeof action>();
  const pending = useIsPending();
  const revalidator = useRevalidator();
  const running = status.state === "queued" || status.state === "rendering";
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, VIDEO_REFRESH_MS);
    return () => clearInterval(timer);
  }, [running, revalidator]);
  return (
    <Stack gap="lg" maw={1000}>
      {running ? (
        <noscript>
          <meta httpEquiv="refresh" content="5" />
        </noscript>
      ) : null}
      <Panel gap="sm">
        <PageHeading title={t("video.title")} intro={t("video.intro")} />
      </Panel>
      {reply && "error" in reply ? <ActionError message={reply.error} /> : null}
      <Paper withBorder p={{ base: "sm", sm: "lg" }}>
        <VideoState status={status} origin={origin} />
      </Paper>
      <Paper withBorder p={{ base: "sm", sm: "lg" }}>
        <StartForm status={status} exhibits={exhibits} pending={pending} />
      </Paper>
      {status.video || status.uploadedAvailable || status.showsUploaded ? (
        <Paper withBorder p={{ base: "sm", sm: "lg" }}>
          <FlagsForm status={status} pending={pending} />
        </Paper>
      ) : null}
    </Stack>
  );
}
