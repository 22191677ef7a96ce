import { Alert, Anchor, Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { AREAS } from "~/contracts/team/areas";
import { useTranslation } from "~/i18n/texts";
import { useErrorText } from "~/lib/forms";
import { type FilterErrors, FILTER_NAMES, type FilterName, PAGE_PATH } from "./filters";
import "~/contracts/team/texts";

/** The company and person fields take what the API's schema does (app/contracts/team/schema.ts). */
const TEXT_MAX = 100;

/**
 * The log's filters as a plain GET form (works without JavaScript). The fields show what was typed,
 * also a refused value, with its message beside it and once above the form for screen readers.
 */
export function HistoryFilterForm({
  typed,
  errors,
  kinds,
}: {
  typed: Partial<Record<FilterName, string>>;
  errors: FilterErrors | null;
  kinds: readonly string[];
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const fieldError = (name: FilterName) => errorText(errors?.[name]);
  const messages = FILTER_NAMES.flatMap((name) => (errors?.[name] ? [fieldError(name)] : []));
  return (
    <Form method="get" action={PAGE_PATH} data-testid="history-filters">
      <Stack gap="sm">
        {messages.length ? (
          <Alert color="red" role="alert" data-testid="history-filter-error">
            {messages.join(" ")}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
          <TextInput name="company" label={t("team.fields.company")} defaultValue={typed.company ?? ""} maxLength={TEXT_MAX} error={fieldError("company")} />
          <TextInput name="person" label={t("team.fields.person")} defaultValue={typed.person ?? ""} maxLength={TEXT_MAX} error={fieldError("person")} />
          <NativeSelect
            name="area"
            label={t("team.fields.area")}
            defaultValue={typed.area ?? ""}
            error={fieldError("area")}
            data={[{ value: "", label: t("team.history.anyArea") }, ...AREAS.map((area) => ({ value: area, label: t(`team.areas.${area}`) }))]}
          />
          <NativeSelect
            name="kind"
            label={t("team.fields.kind")}
            defaultValue={typed.kind ?? ""}
            error={fieldError("kind")}
            data={[{ value: "", label: t("team.history.anyKind") }, ...kinds.map((kind) => ({ value: kind, label: t(`team.history.kinds.${kind}`) }))]}
          />
          <TextInput type="date" name="from" label={t("team.fields.from")} defaultValue={typed.from ?? ""} error={fieldError("from")} />
          <TextInput type="date" name="to" label={t("team.fields.to")} defaultValue={typed.to ?? ""} error={fieldError("to")} />
        </SimpleGrid>
        <Group gap="sm">
          <Button type="submit" variant="default">
            {t("team.history.search")}
          </Button>
          <Anchor component={Link} to={PAGE_PATH} size="sm">
            {t("common.clearFilters")}
          </Anchor>
        </Group>
      </Stack>
    </Form>
  );
}
