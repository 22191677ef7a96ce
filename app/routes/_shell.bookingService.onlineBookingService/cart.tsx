import { Alert, Anchor, Button, Group, Paper, Table, Text, TextInput } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import type { Language } from "~/contracts/i18n/config";
import { formatCny } from "~/contracts/common/format";
import { useErrorText } from "~/lib/forms";
import type { CartLine, CartView } from "~/features/orders/orders.server";
import { MAX_QUANTITY } from "~/contracts/orders/values";
import { localName, localUnit } from "../../contracts/orders/display";
import type { FormReply } from "../../features/orders/forms";
import "~/contracts/orders/texts";

/**
 * The cart's count and total at the top of the booking page: on a phone the cart is thousands of
 * pixels below, past the catalogue. A plain in-page link, so it works without JavaScript.
 */
export function CartSummary({ cart }: { cart: CartView }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" bg="gray.0" className="booking-cart-summary" data-testid="cart-summary">
      {cart.lines.length ? (
        <>
          <Text size="sm" fw={600}>
            {t("orders.booking.cartSummary", { count: cart.lines.length, total: formatCny(cart.totalCents) })}
          </Text>
          <Anchor href="#cart" size="sm">
            {t("orders.booking.toCart")}
          </Anchor>
        </>
      ) : (
        <Text size="sm">{t("orders.booking.cartSummaryEmpty")}</Text>
      )}
    </Paper>
  );
}

/**
 * The booth's cart. Each line has its own quantity form. Removing takes two steps, with or
 * without JavaScript: 'Remove…' opens a confirmation (?remove=<line>, a plain link), whose
 * button posts the delete; the same page either way, and nothing is deleted by a slip. On a phone
 * each line is a card, its cells named by their data-label (app/styles/booking.css).
 */
export function CartTable({ cart, language, reply, removing }: { cart: CartView; language: Language; reply?: FormReply; removing: number | null }) {
  const { t } = useTranslation();
  if (!cart.lines.length)
    return (
      <Text c="dimmed" data-testid="cart-empty">
        {t("orders.booking.emptyCart")}
      </Text>
    );
  return (
    <Table withTableBorder striped data-testid="cart" className="order-cart stacked-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("orders.detail.service")}</Table.Th>
          <Table.Th>{t("orders.booking.unitPrice")}</Table.Th>
          <Table.Th>{t("orders.fields.quantity")}</Table.Th>
          <Table.Th ta="right">{t("orders.booking.amount")}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {cart.lines.map((line) => (
          <CartRow
            key={line.itemId}
            line={line}
            language={language}
            reply={reply?.form === `line-${line.itemId}` ? reply : undefined}
            confirming={removing === line.itemId}
          />
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th colSpan={3}>{t("orders.booking.total")}</Table.Th>
          <Table.Th ta="right" data-testid="cart-total">
            {formatCny(cart.totalCents)}
          </Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}

function CartRow({ line, language, reply, confirming }: { line: CartLine; language: Language; reply?: FormReply; confirming: boolean }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const name = localName(line, language);
  const formId = `line-${line.itemId}`;
  const quantity = reply?.values?.quantity ?? String(line.quantity);
  return (
    <>
      <Table.Tr data-testid={`cart-line-${line.itemId}`} aria-label={name}>
        <Table.Td data-label={t("orders.detail.service")}>
          <div>
            <Text size="sm">{name}</Text>
            {!line.orderOpen ? (
              <Text size="xs" c="red">
                {t("orders.booking.lineClosed")}
              </Text>
            ) : null}
          </div>
        </Table.Td>
        <Table.Td data-label={t("orders.booking.unitPrice")}>
          <div>
            {formatCny(line.price.cents)} / {localUnit(line, language)}
            <Text size="xs" c="dimmed">
              {t(`orders.priceKinds.${line.price.kind}`)}
            </Text>
          </div>
        </Table.Td>
        <Table.Td data-label={t("orders.fields.quantity")}>
          <Form method="post" id={formId}>
            <input type="hidden" name="itemId" value={line.itemId} />
            <Group gap="xs" wrap="nowrap" align="start">
              <TextInput
                key={quantity}
                type="number"
                name="quantity"
                aria-label={`${t("orders.fields.quantity")}: ${name}`}
                defaultValue={quantity}
                min={1}
                max={MAX_QUANTITY}
                step={1}
                required
                w={90}
                error={reply?.errors?.length ? errorText(reply.errors) : undefined}
              />
              <Button type="submit" name="intent" value="update" variant="default" size="sm">
                {t("orders.booking.saveQuantity")}
              </Button>
            </Group>
          </Form>
        </Table.Td>
        <Table.Td ta="right" data-label={t("orders.booking.amount")}>
          {formatCny(line.lineCents)}
        </Table.Td>
        <Table.Td>
          <Button component={Link} to={`?remove=${line.itemId}`} preventScrollReset replace variant="subtle" color="red" size="sm">
            {t("orders.booking.remove")}
          </Button>
        </Table.Td>
      </Table.Tr>
      {confirming ? (
        <Table.Tr>
          <Table.Td colSpan={5}>
            <Alert color="red" role="alertdialog" aria-label={t("orders.booking.confirmRemove", { name })} data-testid="confirm-remove">
              <Form method="post">
                <input type="hidden" name="itemId" value={line.itemId} />
                <Group gap="sm">
                  <Text size="sm">{t("orders.booking.confirmRemove", { name })}</Text>
                  <Button type="submit" name="intent" value="delete" color="red" size="sm" autoFocus>
                    {t("orders.booking.confirmRemoveYes")}
                  </Button>
                  <Button component={Link} to="?" preventScrollReset replace variant="default" size="sm">
                    {t("orders.booking.cancel")}
                  </Button>
                </Group>
              </Form>
            </Alert>
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}
