import { shellTitle } from "~/lib/page-title";
import { ExcelImportForm } from "~/components/excel-import-form";
import { ImportErrors } from "~/components/import-errors";
import { Anchor, Badge, Paper, Stack, Table, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { EXHIBITOR_IMPORT_FIELDS, EXHIBITOR_IMPORT_FILE_FIELD, EXHIBITOR_IMPORT_LIMITS, EXHIBITOR_IMPORT_STAGE_FIELD } from "~/contracts/accounts/values";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { formatSizeLimit } from "~/contracts/uploads/values";
import { useTranslation } from "~/i18n/texts";
import { useIsPending } from "~/lib/hooks";
import { requireShellUser } from "~/lib/permissions.server";
import { importAction, type ImportReply } from "./action.server";
import "~/contracts/accounts/texts";
import { Panel } from "~/components/panel";
import { SubmitRow } from "~/components/submit-row";
import { PageHeading } from "~/components/page-heading";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "accounts.page.title" } satisfies PageHandle;

const IMPORT_PATH = "/exhibitorInfo/exhibitorImport";

/**
 * The organizer's import of exhibitors and booths (issue 39; roleId 1: its menu row is the
 * organizer's, the API refuses everyone else). Plain forms, with or without JavaScript: the file is
 * posted (`?preview`), the answer lists every row's errors or what will be created and updated,
 * and the confirmation (`?confirm`) saves the previewed file whole.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language } = await requireShellUser(request, context);
  return json({ title: translate(language, "accounts.page.title") }, { headers: { "Cache-Control": "no-store" } });
}

export const action = (args: ActionFunctionArgs) => importAction(args);

function Refusal({ reply }: { reply: Extract<ImportReply, { kind: "refused" }> }) {
  return <ImportErrors message={reply.message} errors={reply.errors} more={reply.moreErrors} />;
}

/** What each column of the template takes, in a native disclosure (open and closed without JavaScript). */
function TemplateColumns() {
  const { t } = useTranslation();
  return (
    <details data-testid="template-columns">
      <summary style={{ cursor: "pointer" }}>
        <Text span size="sm" fw={500}>
          {t("accounts.page.columnsTitle")}
        </Text>
      </summary>
      <Table withTableBorder mt="xs" fz="sm">
        <Table.Tbody>
          {EXHIBITOR_IMPORT_FIELDS.map((field) => (
            <Table.Tr key={field}>
              <Table.Th scope="row" style={{ whiteSpace: "nowrap", verticalAlign: "top" }}>
                {t(`accounts.fields.${field}`)}
              </Table.Th>
              <Table.Td>{t(`accounts.columns.${field}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </details>
  );
}

function Preview({ reply, pending }: { reply: Extract<ImportReply, { kind: "ready" }>; pending: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="import-preview">
      <Text fw={500}>{t("accounts.page.readyTitle", { rows: reply.totalRows, ...reply.counts })}</Text>
      <Table.ScrollContainer minWidth={640}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("accounts.page.row")}</Table.Th>
              <Table.Th>{t("accounts.fields.exhibitorNo")}</Table.Th>
              <Table.Th>{t("accounts.page.company")}</Table.Th>
              <Table.Th>{t("accounts.fields.boothNo")}</Table.Th>
              <Table.Th>{t("accounts.fields.hallCode")}</Table.Th>
              <Table.Th>{t("accounts.page.size")}</Table.Th>
              <Table.Th>{t("accounts.fields.areaM2")}</Table.Th>
              <Table.Th>{t("accounts.page.exhibitor")}</Table.Th>
              <Table.Th>{t("accounts.page.booth")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {reply.rows.map((row) => (
              <Table.Tr key={row.row} data-testid={`preview-row-${row.row}`}>
                <Table.Td>{row.row}</Table.Td>
                <Table.Td>{row.exhibitorNo}</Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{row.companyName}</Table.Td>
                <Table.Td>{row.boothNo}</Table.Td>
                <Table.Td>{row.hallCode}</Table.Td>
                <Table.Td>{`${row.widthM} × ${row.depthM}`}</Table.Td>
                <Table.Td>{row.areaM2}</Table.Td>
                {[row.exhibitor, row.booth].map((what, i) => (
                  <Table.Td key={i === 0 ? "exhibitor" : "booth"}>
                    <Badge size="sm" variant="light" color={what === "create" ? "green" : "blue"}>
                      {t(`accounts.page.${what}`)}
                    </Badge>
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {reply.totalRows > reply.rows.length ? <Text size="sm">{t("accounts.page.moreRows", { count: reply.totalRows - reply.rows.length })}</Text> : null}
      <Form method="post" action="?confirm">
        <input type="hidden" name={EXHIBITOR_IMPORT_STAGE_FIELD} value={reply.stageId} />
        <SubmitRow pending={pending} testId="import-confirm" label={t("accounts.page.confirm", { rows: reply.totalRows })} />
      </Form>
    </Stack>
  );
}

export default function ExhibitorImportPage() {
  const { t } = useTranslation();
  const reply = useActionData<typeof action>() as ImportReply | undefined;
  const pending = useIsPending();
  return (
    <Stack gap="lg" maw={1100}>
      <Panel gap="sm">
        <PageHeading title={t("accounts.page.title")} intro={t("accounts.page.intro")} />
        <Anchor href={`${IMPORT_PATH}/template`} data-testid="download-template">
          {t("accounts.page.downloadTemplate")}
        </Anchor>
        <TemplateColumns />
        <ExcelImportForm
          action="?preview"
          fileField={EXHIBITOR_IMPORT_FILE_FIELD}
          inputId="exhibitor-import-file"
          label={t("accounts.page.file")}
          hint={t("accounts.page.hint", { rows: EXHIBITOR_IMPORT_LIMITS.maxRows, size: formatSizeLimit(EXHIBITOR_IMPORT_LIMITS.maxBytes) })}
          submitLabel={t("accounts.page.preview")}
          pending={pending}
        />
      </Panel>
      {reply ? (
        <Paper withBorder p={{ base: "sm", sm: "lg" }}>
          {reply.kind === "refused" ? <Refusal reply={reply} /> : <Preview reply={reply} pending={pending} />}
        </Paper>
      ) : null}
    </Stack>
  );
}
