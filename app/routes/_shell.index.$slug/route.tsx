import { shellTitle } from "~/lib/page-title";
import { Alert, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { ContentBody } from "~/features/home/content-body";
import { homeEndpoints } from "~/contracts/home/endpoints.server";
import { apiFor, requireOk } from "~/lib/api.server";
import { getShellUser } from "~/lib/permissions.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { ORGANIZER_ROLE_ID } from "~/contracts/permission/roles";
import "~/contracts/home/texts";
import { POSTER_OF_SLUG, type PosterBlock, PosterImage, type PosterSlug } from "./poster-image";
import { type BannerBlock, BannerFiles } from "./banner-files";
import { dataAreaEndpoints } from "~/contracts/data-area/endpoints.server";
import { DATA_AREA_PATH } from "~/contracts/data-area/values";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

/** One route serves all content pages; the tab title comes from the menu, the heading from the page. */
export const handle = { breadcrumb: "home.pages.content", public: true, pathParams: "public" } satisfies PageHandle;

/** The home area's content pages (docs/product.md § Public pages); anything else under /index is not found. */
const CONTENT_SLUGS = new Set(["promote", "premise", "service", "hotel", "poster", "bannerDownload", "posterCn", "posterEn"]);
/** Offered in Chinese only (docs/product.md § Languages): in English the Chinese text is shown with a note. */
const CHINESE_ONLY = new Set(["premise", "service", "hotel"]);

/** Public page (docs/product.md § Public pages): no sign-in needed; the caller's ticket, if any, travels along. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const slug = params.slug ?? "";
  if (!CONTENT_SLUGS.has(slug)) throw new Response(null, { status: 404 });
  const api = await apiFor(request, context);
  const result = await api.call(homeEndpoints.contentPage, { slug });
  if (!result.ok && result.code === 404) throw new Response(null, { status: 404 });
  const page = await requireOk(result, request, context);
  const english = api.language === "en";
  const chineseOnly = english && CHINESE_ONLY.has(slug);
  const useEnglish = english && !chineseOnly && Boolean(page.bodyEn.trim());
  return json({
    slug,
    /** The page's own breadcrumb key, for a breadcrumb trail that reads loader data. */
    breadcrumb: `home.pages.${slug}`,
    title: english ? page.titleEn || page.title : page.title,
    body: useEnglish ? page.bodyEn : page.body,
    /** The language of the body shown (for the lang attribute). */
    bodyLanguage: useEnglish ? "en" : "zh",
    chineseOnly,
    poster: slug in POSTER_OF_SLUG ? await posterBlock(request, context, slug as PosterSlug) : null,
    banners: slug === "bannerDownload" ? await bannerBlock(request, context) : null,
  });
}

/**
 * The poster pages show the exhibitor's own poster above their text (issue 38): signed out, a link
 * to sign in; the organizer, and accounts without a booth of their own, a note instead.
 */
async function posterBlock(request: Request, context: LoaderFunctionArgs["context"], slug: PosterSlug): Promise<PosterBlock> {
  const user = await getShellUser(request, context);
  if (!user) return { state: "signIn", loginUrl: `/login?${new URLSearchParams({ redirectTo: new URL(request.url).pathname })}` };
  const info = user.info.infoVO;
  if (info.roleId === ORGANIZER_ROLE_ID) return { state: "organizer" };
  if (info.contractor || !user.allowed.has("/index/poster") || !(info.boothId || info.booths.length)) return { state: "noBooth" };
  const company = (user.language === "en" ? info.businessNameEn || info.businessName : info.businessName || info.businessNameEn) || info.username;
  return { state: "image", kind: POSTER_OF_SLUG[slug], company };
}

/** The logo and banner page offers the data area's logo and banner files to those who may open the data area. */
async function bannerBlock(request: Request, context: LoaderFunctionArgs["context"]): Promise<BannerBlock> {
  const user = await getShellUser(request, context);
  if (!user) return { state: "signIn", loginUrl: `/login?${new URLSearchParams({ redirectTo: new URL(request.url).pathname })}` };
  if (!user.allowed.has(DATA_AREA_PATH) && user.info.infoVO.roleId !== ORGANIZER_ROLE_ID) return { state: "none" };
  const result = await user.api.call(dataAreaEndpoints.files, { banner: "1", pageSize: "50" });
  return result.ok ? { state: "files", files: result.data.items } : { state: "none" };
}

export default function ContentPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <Stack gap="sm" className="home-body">
      <Title order={1} size="h2">
        {data.title}
      </Title>
      {data.chineseOnly ? (
        <Alert color="blue" variant="light" data-testid="chinese-only">
          {t("home.content.chineseOnly")}
        </Alert>
      ) : null}
      {data.poster ? <PosterImage block={data.poster} /> : null}
      {data.banners ? <BannerFiles block={data.banners} /> : null}
      {data.body.trim() ? (
        <Stack gap="sm" lang={data.bodyLanguage}>
          <ContentBody body={data.body} />
        </Stack>
      ) : (
        <Text c="dimmed">{t("home.content.empty")}</Text>
      )}
    </Stack>
  );
}
