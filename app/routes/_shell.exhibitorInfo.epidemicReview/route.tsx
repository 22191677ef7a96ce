import { shellTitle } from "~/lib/page-title";
import { Anchor, Button, Group, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ListPager } from "~/components/list-pager";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import { epidemicEndpoints } from "~/contracts/epidemic/endpoints.server";
import { EPIDEMIC_COMPANY_FILTER_MAX, EPIDEMIC_EXPORT_PATH, EPIDEMIC_REVIEW_PATH as PATH } from "~/contracts/epidemic/values";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { settingsSchema } from "~/features/epidemic/schema.server";
import { StaffTable } from "~/features/epidemic/staff-table";
import { useTranslation } from "~/i18n/texts";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { heldFormValues, rememberForm } from "~/lib/form-hold.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { SettingsForm } from "./settings-form";
import "~/contracts/epidemic/texts";
import { Panel } from "~/components/panel";
import { ListTable } from "~/components/list-table";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "epidemic.review.title" } satisfies PageHandle;

const PAGER_KEYS = { previous: "epidemic.previous", next: "epidemic.next", pageOf: "epidemic.pageOf" };
const SETTINGS_FIELDS = ["on", "textZh", "textEn"] as const;

/**
 * /exhibitorInfo/epidemicReview, the organizer's (roleId 1; issue 41): the switch and the commitment
 * texts, every exhibitor's declaration and every listed person (by company, a page of each at a time),
 * and the Excel export of what the filter matches. A GET filter and a plain post: it works without script.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const params = new URL(request.url).searchParams;
  const query = {
    company: (params.get("company") ?? "").trim().slice(0, EPIDEMIC_COMPANY_FILTER_MAX),
    page: params.get("page") ?? "1",
    staffPage: params.get("staffPage") ?? "1",
  };
  const pageOf = (v: string) => String(Math.max(1, Number.parseInt(v, 10) || 1));
  const [settings, review] = await Promise.all([
    api.call(epidemicEndpoints.settings).then((answer) => requireOk(answer, request, context)),
    api
      .call(epidemicEndpoints.review, { company: query.company, page: pageOf(query.page), staffPage: pageOf(query.staffPage) })
      .then((answer) => requireOk(answer, request, context)),
  ]);
  const held = await heldFormValues(request, context, formHolderOf(info), SETTINGS_FIELDS, "settings");
  return json(
    {
      title: translate(language, "epidemic.review.title"),
      settings,
      review,
      company: query.company,
      held: held.values,
      constraints: formConstraints({ settings: settingsSchema }),
    },
    { headers: held.headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const formData = await request.formData();
  rememberForm(request, formData);
  const submission = parseWithZod(formData, { schema: settingsSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400, headers: { "Cache-Control": "no-store" } });
  const v = submission.value;
  const result = await handleAuthErrors(
    await api.call(epidemicEndpoints.saveSettings, { on: v.on ? "1" : "", textZh: v.textZh, textEn: v.textEn }),
    request,
    context,
  );
  if (!result.ok) return json({ result: replyToApiFailure(submission, result, SETTINGS_FIELDS) }, { status: 400, headers: { "Cache-Control": "no-store" } });
  return redirectWithToast(PATH, context, { kind: "success", key: "epidemic.saved.settings" });
}

export default function EpidemicReviewPage() {
  const { t } = useTranslation();
  const { settings, review, company, held, constraints } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const pending = useIsPending();
  const { declarations, staff } = review;
  const link = (changes: Record<string, number>) => {
    const params = new URLSearchParams({ ...(company ? { company } : {}), page: String(declarations.page), staffPage: String(staff.page) });
    for (const [key, value] of Object.entries(changes)) params.set(key, String(value));
    return `${PATH}?${params}`;
  };
  const exportLink = company ? `${EPIDEMIC_EXPORT_PATH}?${new URLSearchParams({ company })}` : EPIDEMIC_EXPORT_PATH;
  return (
    <Stack gap="lg" maw={1100}>
      <Panel>
        <Title order={1} size="h3">
          {t("epidemic.review.title")}
        </Title>
        <SettingsForm settings={settings} held={held} constraint={constraints.settings} lastResult={reply?.result ?? null} pending={pending} />
      </Panel>
      <Panel>
        <Form method="get" data-testid="review-filter">
          <Group align="flex-end" wrap="wrap">
            <TextInput
              name="company"
              defaultValue={company}
              label={t("epidemic.fields.company")}
              placeholder={t("epidemic.review.companyPlaceholder")}
              maxLength={EPIDEMIC_COMPANY_FILTER_MAX}
            />
            <Button type="submit" variant="light">
              {t("epidemic.review.filter")}
            </Button>
            <Anchor href={exportLink} data-testid="export-link">
              {t("epidemic.review.export")}
            </Anchor>
          </Group>
        </Form>
        <Title order={2} size="h4">
          {t("epidemic.review.declarations")}
        </Title>
        {declarations.items.length ? (
          <ListTable
            minWidth={640}
            testId="declaration-list"
            heads={[
              "epidemic.fields.company",
              "epidemic.excel.columns.booth",
              "epidemic.excel.columns.status",
              "epidemic.excel.columns.signer",
              "epidemic.excel.columns.acceptedAt",
              "epidemic.excel.columns.staffCount",
            ]}
          >
            {declarations.items.map((d) => (
              <Table.Tr key={d.userId} data-testid="declaration-row">
                <Table.Td style={{ overflowWrap: "anywhere" }}>{d.company}</Table.Td>
                <Table.Td>{d.boothNos}</Table.Td>
                <Table.Td>{d.acceptedAt ? t("epidemic.review.accepted") : t("epidemic.review.notAccepted")}</Table.Td>
                <Table.Td>{d.signerName ?? ""}</Table.Td>
                <Table.Td>{exhibitionDateTime(d.acceptedAt)}</Table.Td>
                <Table.Td>{d.staffCount}</Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        ) : (
          <Text c="dimmed">{t("epidemic.review.empty")}</Text>
        )}
        <ListPager page={declarations.page} pageSize={declarations.pageSize} total={declarations.total} link={(p) => link({ page: p })} keys={PAGER_KEYS} />
        <Title order={2} size="h4">
          {t("epidemic.review.staff")}
        </Title>
        {staff.items.length ? <StaffTable items={staff.items} companyOf={(s) => s.company} /> : <Text c="dimmed">{t("epidemic.review.empty")}</Text>}
        <ListPager page={staff.page} pageSize={staff.pageSize} total={staff.total} link={(p) => link({ staffPage: p })} keys={PAGER_KEYS} />
      </Panel>
    </Stack>
  );
}
