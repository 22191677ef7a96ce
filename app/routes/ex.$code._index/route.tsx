import { shellTitle } from "~/lib/page-title";
import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LanguageSwitch } from "~/components/language-switch";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { showcaseEndpoints } from "~/contracts/showcase/endpoints.server";
import { useTranslation } from "~/i18n/texts";
import { apiFor } from "~/lib/api.server";
import { getLanguage } from "~/lib/cookies.server";
import "~/contracts/showcase/texts";

/**
 * /ex/<code>: an exhibitor's public showcase page, what its custom mini-program QR code opens
 * (issue 40, decision 036). Public, shown inside the messaging app's browser too, without any
 * script, laid out for a 360 px phone. Only approved profile data; an unknown, switched-off or
 * hidden page answers 404 with a translated notice. Opening it counts a view for the exhibitor.
 */
export const handle = { public: true, inAppBrowser: true, hydrate: false, pathParams: "public" } satisfies PageHandle;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }, { name: "robots", content: "noindex" }];

/**
 * Public data only, so a copy may be kept, but never shown without asking again: every opening
 * counts a view, a page switched off or hidden must vanish at once, and the language follows the
 * visitor's cookie (a shared cache would mix them). The page, its data and its 404 alike.
 */
const PAGE_CACHING = { "Cache-Control": "no-cache" };
export const headers: HeadersFunction = () => PAGE_CACHING;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const language = getLanguage(request);
  const api = await apiFor(request, context);
  const code = params.code ?? "";
  const result = await api.call(showcaseEndpoints.publicPage, { code });
  const headers = PAGE_CACHING;
  if (!result.ok) {
    const title = translate(language, "showcase.public.notFoundTitle");
    const message = result.code === 404 || result.code === 400 ? translate(language, "showcase.errors.notFound") : result.message;
    return json({ language, title, code, page: null, message }, { status: result.code === 404 || result.code === 400 ? 404 : 502, headers });
  }
  return json({ language, title: `${result.data.company} - ${result.data.exhibition}`, code, page: result.data, message: null }, { headers });
}

const imageStyle = { width: "100%", height: "auto", display: "block", borderRadius: 6, background: "#f1f3f5" } as const;

export default function ShowcasePage() {
  const { t } = useTranslation();
  const { language, code, page, message } = useLoaderData<typeof loader>();
  return (
    <main className="auth-page">
      <Paper className="auth-card" withBorder shadow="sm" p={{ base: "sm", xs: "lg" }} radius="md" style={{ overflowWrap: "anywhere" }}>
        <Stack gap="md">
          <Group justify="flex-end">
            <LanguageSwitch current={language} />
          </Group>
          {!page ? (
            <Stack gap="sm" data-testid="showcase-not-found">
              <Title order={1} size="h3">
                {t("showcase.public.notFoundTitle")}
              </Title>
              <Alert color="yellow">{message}</Alert>
            </Stack>
          ) : (
            <>
              <Group gap="sm" wrap="nowrap" align="center">
                {page.hasLogo ? (
                  <img
                    src={`/ex/${code}/logo`}
                    alt={t("showcase.public.logoAlt", { company: page.company })}
                    width={64}
                    height={64}
                    style={{ objectFit: "contain", flexShrink: 0 }}
                  />
                ) : null}
                <Stack gap={2}>
                  <Title order={1} size="h3" data-testid="showcase-company">
                    {page.company}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {page.exhibition}
                  </Text>
                </Stack>
              </Group>
              {page.booths.map((b) => (
                <Text key={b.boothNo} fw={600} data-testid="showcase-booth">
                  {b.hall ? t("showcase.public.hallBooth", { hall: b.hall, booth: b.boothNo }) : `${t("showcase.public.booth")} ${b.boothNo}`}
                </Text>
              ))}
              <Button component="a" href={page.registerPath} fullWidth data-testid="showcase-register">
                {t("showcase.public.register")}
              </Button>
              {page.introduction ? (
                <Stack gap={4}>
                  <Title order={2} size="h4">
                    {t("showcase.public.introduction")}
                  </Title>
                  <Text size="sm" style={{ whiteSpace: "pre-line" }} data-testid="showcase-intro">
                    {page.introduction}
                  </Text>
                </Stack>
              ) : null}
              {page.video ? (
                <Stack gap={4} data-testid="showcase-video">
                  <Title order={2} size="h4">
                    {t("showcase.public.video")}
                  </Title>
                  {/* biome-ignore lint/a11y/useMediaCaption: the exhibitor's promotional video has no caption track */}
                  <video src={page.video.url} poster={page.video.posterUrl ?? undefined} controls preload="none" style={imageStyle} />
                </Stack>
              ) : null}
              {page.exhibits.length ? (
                <Stack gap="sm">
                  <Title order={2} size="h4">
                    {t("showcase.public.exhibits")}
                  </Title>
                  {page.exhibits.map((e) => (
                    <Stack key={e.position} gap={4} data-testid="showcase-exhibit">
                      {e.hasImage ? <img src={`/ex/${code}/${e.position}`} alt={e.name} width={328} height={246} loading="lazy" style={imageStyle} /> : null}
                      <Text fw={600}>{e.name}</Text>
                      {e.description ? (
                        <Text size="sm" c="dimmed" style={{ whiteSpace: "pre-line" }}>
                          {e.description}
                        </Text>
                      ) : null}
                    </Stack>
                  ))}
                </Stack>
              ) : null}
            </>
          )}
        </Stack>
      </Paper>
    </main>
  );
}
