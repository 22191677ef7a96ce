import { shellTitle } from "~/lib/page-title";
import { ContactUsContent } from "~/components/contact-us";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { translate } from "~/contracts/i18n/translate.server";
import { handleAuthErrors } from "~/lib/api.server";
import { requireShellUser } from "~/lib/permissions.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import "~/contracts/settings/texts";
import { settingsEndpoints } from "~/contracts/settings/endpoints.server";
import { PagePanel } from "~/components/page-panel";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "settings.contactTitle", title: "shell.pages.contact", personal: "everyone" } satisfies PageHandle;

/**
 * 'Contact us' as a page (docs/product.md § Footer and floating buttons). The shell links here and, with JavaScript, may load
 * this loader's data (useFetcher().load("/contact")) to show <ContactUsContent> in its 400 px dialog.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const result = await handleAuthErrors(await api.call(settingsEndpoints.contactWay), request, context);
  return json({
    title: translate(language, "settings.contactTitle"),
    qrCode: result.ok ? result.data.qrCode : null,
    tips: result.ok ? [...result.data.tips] : [],
  });
}

export default function ContactPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <PagePanel title={t("settings.contactTitle")} maw={400}>
      <ContactUsContent qrCode={data.qrCode} tips={data.tips} />
    </PagePanel>
  );
}
