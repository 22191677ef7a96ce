import { HiddenFields } from "~/components/hidden-fields";
import { shellTitle } from "~/lib/page-title";
import { Anchor, Badge, Button, Stack, Table, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ActionError } from "~/components/form-error";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { showcaseEndpoints } from "~/contracts/showcase/endpoints.server";
import { showcasePath } from "~/contracts/showcase/values";
import { SHOWCASES_PATH } from "~/features/showcase/paths";
import { useTranslation } from "~/i18n/texts";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import "~/contracts/showcase/texts";
import { Panel } from "~/components/panel";
import { ListTable } from "~/components/list-table";
import { PageHeading } from "~/components/page-heading";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "showcase.admin.title" } satisfies PageHandle;

/**
 * /exhibitorInfo/showcases, the organizer's (roleId 1; issue 40): every exhibitor's public showcase
 * page with a hide/show switch per row (a plain post). A hidden page answers 404 to visitors.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const rows = await requireOk(await api.call(showcaseEndpoints.list), request, context);
  return json({ title: translate(language, "showcase.admin.title"), rows });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const formData = await request.formData();
  const result = await handleAuthErrors(
    await api.call(showcaseEndpoints.hide, { id: String(formData.get("id") ?? ""), hidden: String(formData.get("hidden") ?? "") }),
    request,
    context,
  );
  if (!result.ok) return json({ error: result.message }, { status: 400, headers: { "Cache-Control": "no-store" } });
  return redirectWithToast(SHOWCASES_PATH, context, { kind: "success", key: "showcase.admin.saved" });
}

export default function ShowcasesPage() {
  const { t } = useTranslation();
  const { rows } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const yesNo = (value: boolean) => (value ? t("showcase.admin.yes") : t("showcase.admin.no"));
  return (
    <Stack gap="lg" maw={1100}>
      <Panel>
        <PageHeading title={t("showcase.admin.title")} intro={t("showcase.admin.intro")} />
        <ActionError message={reply?.error} />
        {!rows.length ? (
          <Text c="dimmed" data-testid="showcases-empty">
            {t("showcase.admin.empty")}
          </Text>
        ) : (
          <ListTable
            minWidth={720}
            testId="showcase-list"
            heads={[
              "showcase.admin.company",
              "showcase.admin.code",
              "showcase.admin.enabled",
              "showcase.admin.hidden",
              "showcase.admin.exhibits",
              "showcase.admin.updated",
              <Table.Th key="actions" />,
            ]}
          >
            {rows.map((row) => (
              <Table.Tr key={row.id} data-testid="showcase-row" data-username={row.username}>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{row.company}</Table.Td>
                <Table.Td>
                  <Anchor href={showcasePath(row.code)} target="_blank" rel="noopener">
                    {row.code}
                  </Anchor>
                </Table.Td>
                <Table.Td>{yesNo(row.enabled)}</Table.Td>
                <Table.Td>
                  <Badge color={row.hidden ? "red" : "gray"} variant="light">
                    {yesNo(row.hidden)}
                  </Badge>
                </Table.Td>
                <Table.Td>{row.exhibits}</Table.Td>
                <Table.Td>{exhibitionDateTime(row.updatedAt)}</Table.Td>
                <Table.Td>
                  <Form method="post">
                    <HiddenFields values={{ id: row.id, hidden: row.hidden ? "false" : "true" }} />
                    <Button type="submit" size="xs" variant="light" color={row.hidden ? "teal" : "red"} data-testid="showcase-hide">
                      {row.hidden ? t("showcase.admin.show") : t("showcase.admin.hide")}
                    </Button>
                  </Form>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </Panel>
    </Stack>
  );
}
