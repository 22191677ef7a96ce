import { HiddenFields } from "~/components/hidden-fields";
import { Anchor, Button, Group, Image, Table, Text } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import type { ExhibitView } from "~/contracts/promotion/api-types";
import { EXHIBITS_PATH } from "~/features/promotion/paths";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/promotion/texts";
import { ListTable } from "~/components/list-table";

/** One move button: a form of its own, so the order changes without JavaScript too. */
function MoveButton({ exhibit, direction, pending }: { exhibit: ExhibitView; direction: "up" | "down"; pending: boolean }) {
  const { t } = useTranslation();
  return (
    <Form method="post" preventScrollReset>
      <HiddenFields values={{ intent: "move", id: exhibit.id, direction }} />
      <Button
        type="submit"
        variant="default"
        size="compact-sm"
        disabled={pending}
        aria-label={t(direction === "up" ? "promotion.pages.exhibits.moveUpLabel" : "promotion.pages.exhibits.moveDownLabel", { name: exhibit.nameZh })}
        data-testid={`move-${direction}`}
      >
        {t(direction === "up" ? "promotion.pages.exhibits.moveUp" : "promotion.pages.exhibits.moveDown")}
      </Button>
    </Form>
  );
}

/** The exhibitor's exhibits in their order: first image, names, category; change, delete, move up and down. */
export function ExhibitTable({ exhibits, pending }: { exhibits: ExhibitView[]; pending: boolean }) {
  const { t } = useTranslation();
  if (!exhibits.length)
    return (
      <Text c="dimmed" data-testid="exhibits-empty">
        {t("promotion.pages.exhibits.empty")}
      </Text>
    );
  return (
    <ListTable
      minWidth={640}
      testId="exhibit-list"
      heads={[
        "promotion.pages.exhibits.columns.image",
        "promotion.pages.exhibits.columns.name",
        "promotion.pages.exhibits.columns.class",
        "promotion.pages.exhibits.columns.actions",
      ]}
    >
      {exhibits.map((exhibit, index) => (
        <Table.Tr key={exhibit.id} data-testid="exhibit-row" data-exhibit-id={exhibit.id}>
          <Table.Td w={88}>
            {exhibit.images[0] ? (
              <Image
                src={exhibit.images[0].url}
                alt={t("promotion.pages.exhibits.imageAlt", { name: exhibit.nameZh })}
                w={72}
                h={72}
                fit="cover"
                radius="sm"
                loading="lazy"
              />
            ) : null}
          </Table.Td>
          <Table.Td style={{ overflowWrap: "anywhere" }}>
            <Text fw={500} data-testid="exhibit-name">
              {exhibit.nameZh}
            </Text>
            {exhibit.nameEn ? (
              <Text size="sm" c="dimmed">
                {exhibit.nameEn}
              </Text>
            ) : null}
          </Table.Td>
          <Table.Td>{exhibit.className ?? <Text c="dimmed">{t("promotion.pages.exhibits.noClass")}</Text>}</Table.Td>
          <Table.Td>
            <Group gap="xs" wrap="wrap">
              <Anchor component={Link} to={`${EXHIBITS_PATH}?edit=${exhibit.id}`} size="sm" preventScrollReset>
                {t("promotion.pages.exhibits.edit")}
              </Anchor>
              <Anchor component={Link} to={`${EXHIBITS_PATH}?delete=${exhibit.id}`} size="sm" c="red.9" preventScrollReset>
                {t("promotion.pages.exhibits.delete")}
              </Anchor>
              {index > 0 ? <MoveButton exhibit={exhibit} direction="up" pending={pending} /> : null}
              {index < exhibits.length - 1 ? <MoveButton exhibit={exhibit} direction="down" pending={pending} /> : null}
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
