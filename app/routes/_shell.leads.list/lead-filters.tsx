import { Alert, Anchor, Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import type { LeadList } from "~/contracts/leads/api-types";
import { LEAD_RATINGS } from "~/contracts/leads/values";
import { useTranslation } from "~/i18n/texts";
import { useErrorText } from "~/lib/forms";
import { type FilterErrors, FILTER_NAMES, type FilterName, PAGE_PATH } from "./filters";
import "~/contracts/leads/texts";

/** The list's filters as a plain GET form (works without JavaScript); a refused value keeps its message beside it. */
export function LeadFilterForm({
  typed,
  errors,
  list,
}: {
  typed: Partial<Record<FilterName, string>>;
  errors: FilterErrors | null;
  list: Pick<LeadList, "tags" | "members">;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const fieldError = (name: FilterName) => errorText(errors?.[name]);
  const messages = FILTER_NAMES.flatMap((name) => (errors?.[name] ? [fieldError(name)] : []));
  const all = { value: "", label: t("leads.list.all") };
  return (
    <Form method="get" action={PAGE_PATH} data-testid="lead-filters">
      <Stack gap="sm">
        {messages.length ? (
          <Alert color="red" role="alert" data-testid="lead-filter-error">
            {messages.join(" ")}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <NativeSelect
            name="rating"
            label={t("leads.fields.rating")}
            defaultValue={typed.rating ?? ""}
            error={fieldError("rating")}
            data={[all, ...LEAD_RATINGS.map((rating) => ({ value: rating, label: t(`leads.ratings.${rating}`) }))]}
          />
          <NativeSelect
            name="tagId"
            label={t("leads.fields.tags")}
            defaultValue={typed.tagId ?? ""}
            error={fieldError("tagId")}
            data={[all, ...list.tags.map((tag) => ({ value: String(tag.id), label: tag.name }))]}
          />
          <NativeSelect
            name="member"
            label={t("leads.fields.member")}
            defaultValue={typed.member ?? ""}
            error={fieldError("member")}
            data={[all, ...list.members.map((member) => ({ value: String(member.id), label: member.label }))]}
          />
          <TextInput type="date" name="day" label={t("leads.fields.day")} defaultValue={typed.day ?? ""} error={fieldError("day")} />
        </SimpleGrid>
        <Group gap="sm">
          <Button type="submit" variant="default" data-testid="lead-filter-submit">
            {t("leads.list.filter")}
          </Button>
          <Anchor component={Link} to={PAGE_PATH} size="sm">
            {t("leads.list.clear")}
          </Anchor>
        </Group>
      </Stack>
    </Form>
  );
}
