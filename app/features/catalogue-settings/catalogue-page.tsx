import { type FormMetadata, getFormProps } from "@conform-to/react";
import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ConfirmAction } from "~/components/confirm-action";
import { FormError } from "~/components/form-error";
import { HiddenFields } from "~/components/hidden-fields";
import { ListPager } from "~/components/list-pager";
import { EXHIBITION_SETTINGS_PATH } from "~/contracts/exhibition-settings/values";
import { useTranslation } from "~/i18n/texts";
import type { CatalogueReply } from "./catalogue-action.server";
import "~/contracts/catalogue-settings/texts";
import { addressWith, pageValue } from "~/lib/address";
import { Panel } from "~/components/panel";
import { PageHeading } from "~/components/page-heading";

/** The catalogue a page keeps: its texts (`catalogueSettings.<texts>.*`) and test ids (`<one>-…`, `<texts>-…`). */
export type CatalogueKind = { texts: "agents" | "services"; one: "agent" | "service"; path: string };
type Row = { id: number; code: string; nameZh: string; nameEn: string; active: boolean };
type Page<R> = { list: R[]; page: number; pageSize: number; total: number };

/** The list's address with its page kept and `params` (`edit`, `remove`) added. */
export function catalogueLink(path: string, page: number) {
  return (params: Record<string, string> = {}) => {
    return addressWith(path, { page: pageValue(page), ...params });
  };
}

/**
 * A catalogue settings page: the heading (the page's own `intro` under the common one), the removal's question
 * (`?remove=`) or its refusal, the list with its pager, and the form below.
 */
export function CataloguePage<R extends Row>({
  kind,
  page,
  removing,
  reply,
  pending,
  intro,
  list,
  form,
}: {
  kind: CatalogueKind;
  page: Page<R>;
  removing: R | null;
  reply: CatalogueReply | undefined;
  pending: boolean;
  intro?: ReactNode;
  list: ReactNode;
  form: ReactNode;
}) {
  const { t, language } = useTranslation();
  const path = kind.path;
  return (
    <Stack gap="lg" maw={1100}>
      <Panel gap="sm">
        <PageHeading title={t(`catalogueSettings.${kind.texts}.title`)} intro={t(`catalogueSettings.${kind.texts}.intro`)} />
        {intro}
        <Anchor component={Link} to={EXHIBITION_SETTINGS_PATH} size="sm">
          {t("catalogueSettings.back")}
        </Anchor>
      </Panel>
      {removing ? (
        <ConfirmAction
          question={`${t(`catalogueSettings.${kind.texts}.confirmRemove`)} ${language === "en" ? removing.nameEn : removing.nameZh} (${removing.code})`}
          intent="remove"
          fields={{ id: String(removing.id) }}
          confirmLabel={t("catalogueSettings.remove")}
          cancelTo={catalogueLink(path, page.page)()}
          pending={pending}
        />
      ) : null}
      {reply?.form === "remove" ? (
        <Text role="alert" c="red.8" data-testid="remove-error">
          {reply.error}
        </Text>
      ) : null}
      <Panel>
        {list}
        <ListPager
          page={page.page}
          pageSize={page.pageSize}
          total={page.total}
          link={(n) => (n > 1 ? `${path}?page=${n}` : path)}
          keys={{ previous: "catalogueSettings.previous", next: "catalogueSettings.next", pageOf: "catalogueSettings.pageOf" }}
        />
      </Panel>
      <Paper withBorder p={{ base: "sm", sm: "lg" }}>
        {form}
      </Paper>
    </Stack>
  );
}

/** A column after the code: its heading (text key) and cell. */
export type CatalogueColumn<R> = { label: string; cell: (row: R) => ReactNode };

/** The rows of one page, each with edit and remove links (`?edit=`, `?remove=`, the page kept). */
export function CatalogueTable<R extends Row>({
  kind,
  rows,
  link,
  minWidth,
  columns,
}: {
  kind: CatalogueKind;
  rows: R[];
  link: (params: Record<string, string>) => string;
  minWidth: number;
  columns: CatalogueColumn<NoInfer<R>>[];
}) {
  const { t } = useTranslation();
  if (!rows.length)
    return (
      <Text c="dimmed" data-testid={`${kind.texts}-empty`}>
        {t(`catalogueSettings.${kind.texts}.empty`)}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped data-testid={`${kind.texts}-list`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("catalogueSettings.fields.code")}</Table.Th>
            {columns.map((column) => (
              <Table.Th key={column.label}>{t(column.label)}</Table.Th>
            ))}
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid={`${kind.one}-${row.code}`}>
              <Table.Td>{row.code}</Table.Td>
              {columns.map((column) => (
                <Table.Td key={column.label}>{column.cell(row)}</Table.Td>
              ))}
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <Anchor component={Link} to={link({ edit: String(row.id) })} data-testid={`edit-${row.code}`}>
                    {t("catalogueSettings.edit")}
                  </Anchor>
                  <Anchor component={Link} to={link({ remove: String(row.id) })} c="red.9" data-testid={`remove-${row.code}`}>
                    {t("catalogueSettings.remove")}
                  </Anchor>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A row that is not offered any more, under its name. */
export function NotOffered({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <Badge color="gray" size="sm">
      {t(label)}
    </Badge>
  );
}

/**
 * The save form (intent `save`, with the id when editing), new or edited (`?edit=<id>`); "cancel"
 * goes back to the list. The catalogue's own fields go inside.
 */
export function CatalogueFormFrame<Schema extends Record<string, unknown>>({
  kind,
  form,
  editingId,
  back,
  pending,
  titleId,
  children,
}: {
  kind: CatalogueKind;
  form: FormMetadata<Schema, string[]>;
  editingId: number | undefined;
  back: string;
  pending: boolean;
  titleId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" {...getFormProps(form)} data-testid={`${kind.one}-form`}>
      <HiddenFields values={editingId === undefined ? { intent: "save" } : { intent: "save", id: editingId }} />
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {editingId === undefined ? t(`catalogueSettings.${kind.texts}.add`) : t(`catalogueSettings.${kind.texts}.edit`)}
        </Title>
        <FormError errors={form.errors} id={form.errorId} />
        {children}
        <Group>
          <Button type="submit" loading={pending} data-testid={`${kind.one}-save`}>
            {t("catalogueSettings.save")}
          </Button>
          {editingId === undefined ? null : (
            <Anchor component={Link} to={back}>
              {t("common.cancel")}
            </Anchor>
          )}
        </Group>
      </Stack>
    </Form>
  );
}
