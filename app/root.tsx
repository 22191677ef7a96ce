import "~/lib/load-context";
import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from "@mantine/core";
import mantineCss from "~/styles/mantine.css";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { theme, themeCssVariables } from "~/components/theme";
import { ToastBox } from "~/components/toast";
import portalCss from "~/styles/portal.css";
import { getLanguage } from "~/lib/cookies.server";
import { takeToast } from "~/lib/toast.server";
import { isMessagingAppBrowser } from "~/lib/messaging-browser";
import { rulesFor } from "~/contracts/permission/page-rules";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import type { Language } from "~/contracts/i18n/config";
import { useNonce } from "~/lib/nonce";
import { useServerLanguage } from "~/i18n/client-texts";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: mantineCss },
  { rel: "stylesheet", href: portalCss },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** The portal's name in the user's language: the title of a page that names none (its own meta, or the shell's). */
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.appTitle ?? "Exhibitor Portal" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // docs/product.md § Public pages: inside the messaging app's in-app browser, every page shows /wxBrowser but those whose handle says inAppBrowser
  // (with "withCode", only the share view: its address carries a code).
  const url = new URL(request.url);
  const inApp = rulesFor(context.pages ?? [], url.pathname).inAppBrowser;
  const returningTo = url.searchParams.get("redirectTo");
  const shownInApp =
    inApp === true ||
    (inApp === "withCode" && Boolean(url.searchParams.get("code"))) ||
    (inApp === "returning" &&
      returningTo?.startsWith("/") === true &&
      !returningTo.startsWith("//") &&
      rulesFor(context.pages ?? [], new URL(returningTo, url).pathname).inAppBrowser === true);
  if (isMessagingAppBrowser(request.headers.get("user-agent")) && !shownInApp) {
    throw redirect("/wxBrowser");
  }
  const language = getLanguage(request);
  const { toast, headers } = await takeToast(request, context, language);
  // requestId: the error page of a 500 names it, so support can find the request in the logs.
  return json(
    {
      language,
      appTitle: translate(language, "app.title"),
      localeChunk: context.localeChunks?.[language] ?? null,
      requestId: context.requestId,
      toast,
    },
    { headers },
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const language: Language = data?.language ?? "zh";
  const nonce = useNonce();
  // A page whose handle says hydrate: false gets no script at all (docs/decisions/021).
  const hydrate = !useMatches().some((match) => (match.handle as PageHandle | undefined)?.hydrate === false);
  useServerLanguage(language);
  // Assistive technology waits for a navigation or form post to finish before reading the page again.
  const busy = useNavigation().state !== "idle";
  useEffect(() => {
    // Spec: the chosen language is also kept in local storage.
    try {
      window.localStorage.setItem("language", language);
    } catch {
      /* private mode or blocked storage */
    }
  }, [language]);
  return (
    <html lang={language} dir="ltr" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {/* The texts entry.client imports before hydrating: fetched alongside the other modules. */}
        {hydrate && data?.localeChunk ? <link rel="modulepreload" href={data.localeChunk} /> : null}
        <ColorSchemeScript defaultColorScheme="light" nonce={nonce} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the theme's CSS variables, built from our own theme (no user input), in a nonce'd inline style the CSP allows */}
        <style data-mantine-styles nonce={nonce} dangerouslySetInnerHTML={{ __html: themeCssVariables() }} />
      </head>
      <body aria-busy={busy || undefined}>
        <MantineProvider theme={theme} defaultColorScheme="light" withCssVariables={false}>
          {children}
          {data?.toast ? (
            // Keyed by the toast's id, not the location: a later navigation does not show it again.
            <ToastBox key={data.toast.id} kind={data.toast.kind}>
              {data.toast.text}
            </ToastBox>
          ) : null}
        </MantineProvider>
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : (
          // Without React, the one thing the layout's effect does: keep the chosen language in local storage (spec).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a nonce'd inline script the CSP allows; its only value is the language code ("zh" or "en"), written with JSON.stringify
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: `try{localStorage.setItem("language",${JSON.stringify(language)})}catch(e){}` }} />
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
