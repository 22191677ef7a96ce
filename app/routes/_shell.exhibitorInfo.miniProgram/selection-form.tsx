import { Anchor, Group, NativeSelect, Stack, Table, Text, Title } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import type { ShowcaseCandidate } from "~/contracts/showcase/api-types";
import { SHOWCASE_EXHIBITS_MAX } from "~/contracts/showcase/values";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/showcase/texts";
import { SubmitRow } from "~/components/submit-row";

/** What the form shows ticked and at which position: the saved selection, or what was just posted. */
export type SelectionValues = { checked: string[]; positions: Record<string, string> };

const POSITIONS = Array.from({ length: SHOWCASE_EXHIBITS_MAX }, (_, i) => String(i + 1));

/** The selection as saved: ticked in order, each at its place. */
export function savedValues(selected: number[]): SelectionValues {
  return { checked: selected.map(String), positions: Object.fromEntries(selected.map((id, i) => [String(id), String(i + 1)])) };
}

/**
 * The exhibitor's exhibits with a box to show each and a position (1 to 3): native controls, a plain
 * post that works without script; the server's refusal is shown under the list.
 */
export function SelectionForm(props: {
  candidates: ShowcaseCandidate[];
  exhibitsLink: string | null;
  values: SelectionValues;
  error?: string | null;
  pending: boolean;
}) {
  const { t, language } = useTranslation();
  const { candidates, exhibitsLink, values, error, pending } = props;
  const nameOf = (c: ShowcaseCandidate) => (language === "en" ? c.nameEn || c.nameZh : c.nameZh || c.nameEn);
  if (!candidates.length)
    return (
      <Text data-testid="no-exhibits">
        {t("showcase.page.noExhibits")}{" "}
        {exhibitsLink ? (
          <Anchor component={Link} to={exhibitsLink}>
            {t("showcase.page.addExhibits")}
          </Anchor>
        ) : null}
      </Text>
    );
  return (
    <Form method="post" noValidate aria-describedby={error ? "showcase-error" : undefined}>
      <input type="hidden" name="intent" value="save" />
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="showcase-choose">
            {t("showcase.page.choose")}
          </Title>
          {exhibitsLink ? (
            <Anchor component={Link} to={exhibitsLink} size="sm">
              {t("showcase.page.addExhibits")}
            </Anchor>
          ) : null}
        </Group>
        <Table.ScrollContainer minWidth={320}>
          <Table withTableBorder aria-labelledby="showcase-choose" data-testid="showcase-candidates">
            <Table.Tbody>
              {candidates.map((c) => {
                const id = String(c.id);
                return (
                  <Table.Tr key={c.id} data-testid="showcase-candidate">
                    <Table.Td w={40}>
                      <input
                        type="checkbox"
                        name="exhibitIds"
                        value={id}
                        id={`exhibit-${id}`}
                        defaultChecked={values.checked.includes(id)}
                        style={{ width: 20, height: 20 }}
                      />
                    </Table.Td>
                    <Table.Td w={64}>
                      {c.imageUrl ? (
                        <img src={c.imageUrl} alt="" width={48} height={48} style={{ objectFit: "cover", display: "block" }} />
                      ) : (
                        <Text size="xs" c="dimmed">
                          {t("showcase.page.noImage")}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: "anywhere" }}>
                      <label htmlFor={`exhibit-${id}`}>{nameOf(c)}</label>
                    </Table.Td>
                    <Table.Td w={90}>
                      <NativeSelect
                        name={`position-${id}`}
                        aria-label={t("showcase.page.position", { name: nameOf(c) })}
                        defaultValue={values.positions[id] ?? ""}
                        data={[{ value: "", label: "-" }, ...POSITIONS.map((p) => ({ value: p, label: p }))]}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {error ? (
          <Text c="red" size="sm" role="alert" id="showcase-error" data-testid="showcase-error">
            {error}
          </Text>
        ) : null}
        <SubmitRow pending={pending} testId="showcase-save" label={t("showcase.page.save")} />
      </Stack>
    </Form>
  );
}
