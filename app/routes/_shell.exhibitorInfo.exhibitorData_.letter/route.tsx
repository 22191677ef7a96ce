import { shellTitle } from "~/lib/page-title";
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/texts";
import { translate } from "~/contracts/i18n/translate.server";
import { handleAuthErrors } from "~/lib/api.server";
import { exhibitorEndpoints } from "~/contracts/exhibitor/endpoints.server";
import { loadProfile, loadStepOptions } from "~/features/exhibitor/profile.server";
import { requireShellUser } from "~/lib/permissions.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import "~/contracts/exhibitor/texts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "exhibitor.letter.title", permissionOf: "/exhibitorInfo/exhibitorData" } satisfies PageHandle;

/** The exhibition confirmation letter of an approved profile, printable (the browser saves it as PDF). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  // A sub-page of the exhibitor data page: the same menu permission (its handle: permissionOf).
  const { api, language, info } = await requireShellUser(request, context);
  const title = translate(language, "exhibitor.letter.title");
  const letter = await handleAuthErrors(await api.call(exhibitorEndpoints.letter), request, context);
  if (!letter.ok) return json({ title, ready: false as const, message: letter.message }, { headers: { "Cache-Control": "no-store" } });
  const profile = await loadProfile(api, request, context);
  const data = (profile.submitted ?? profile.draft) as Record<string, string | undefined>;
  const options = await loadStepOptions(api, "exhibits", data, language, request, context);
  const name = (list: { value: string; label: string }[] | undefined, value: string | undefined) => list?.find((o) => o.value === value)?.label ?? "";
  return json(
    {
      title,
      ready: true as const,
      company: (language === "en" ? data.companyNameEn : data.companyNameZh) ?? "",
      exhibition: info.infoVO.exhibitName ?? "",
      booths: info.infoVO.booths.map((b) => b.boothNo).join(", "),
      theme: name(options.themes, data.themeId),
      pavilion: name(options.pavilions, data.pavilionId),
      reference: profile.uniqueId,
      approvedAt: profile.approvedAt,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export default function LetterPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  // The print button needs JavaScript; without it the browser's own print menu does the same.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!data.ready) {
    return (
      <Paper withBorder p="lg">
        <Alert color="orange" role="alert" title={data.message}>
          <Anchor component={Link} to="/exhibitorInfo/exhibitorData">
            {t("exhibitor.completeProfile")}
          </Anchor>
        </Alert>
      </Paper>
    );
  }
  return (
    <Paper withBorder p="xl" maw={760}>
      <Stack gap="md">
        <Group justify="space-between" className="no-print">
          <Anchor component={Link} to="/exhibitorInfo/exhibitorData">
            {t("exhibitor.title")}
          </Anchor>
          {hydrated ? (
            <Button type="button" variant="light" onClick={() => window.print()}>
              {t("exhibitor.letter.print")}
            </Button>
          ) : null}
        </Group>
        <Title order={1} size="h2" ta="center">
          {t("exhibitor.letter.title")}
        </Title>
        <Text>{t("exhibitor.letter.greeting", { company: data.company })}</Text>
        <Text>{t("exhibitor.letter.body", { exhibition: data.exhibition })}</Text>
        {data.booths ? <Text>{t("exhibitor.letter.booth", { booths: data.booths })}</Text> : null}
        {data.theme ? <Text>{t("exhibitor.letter.theme", { theme: data.theme, pavilion: data.pavilion })}</Text> : null}
        <Text>{t("exhibitor.letter.closing")}</Text>
        <Text ta="right">{t("exhibitor.letter.signature")}</Text>
        <Text ta="right">{data.approvedAt?.slice(0, 10)}</Text>
        <Text size="xs" c="dimmed">
          {t("exhibitor.letter.reference", { id: data.reference })}
        </Text>
      </Stack>
    </Paper>
  );
}
