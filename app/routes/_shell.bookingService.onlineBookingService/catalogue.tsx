import { Alert, Badge, Button, Group, Image, Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import type { Language } from "~/contracts/i18n/config";
import { formatCny } from "~/contracts/common/format";
import { useErrorText } from "~/lib/forms";
import type { Catalogue, ServiceView } from "~/features/orders/orders.server";
import { MAX_QUANTITY, SERVICE_CATEGORIES } from "~/contracts/orders/values";
import { localName, localUnit } from "../../contracts/orders/display";
import { exhibitionDate } from "../../contracts/common/exhibition-time";
import type { FormReply } from "../../features/orders/forms";
import "~/contracts/orders/texts";

/** The catalogue by category: each service with its price in force, the three prices and an add form. */
export function ServiceCatalogue({
  catalogue,
  language,
  reply,
  canOrder,
  now,
}: {
  catalogue: Catalogue;
  language: Language;
  reply?: FormReply;
  canOrder: boolean;
  now: number;
}) {
  const { t } = useTranslation();
  if (!catalogue.list.length)
    return (
      <Text c="dimmed" data-testid="catalogue-empty">
        {t("orders.booking.emptyCatalogue")}
      </Text>
    );
  return (
    <Stack gap="lg" data-testid="catalogue">
      {SERVICE_CATEGORIES.map((category) => {
        const services = catalogue.list.filter((s) => s.category === category);
        if (!services.length) return null;
        return (
          <section key={category} aria-labelledby={`category-${category}`}>
            <Title order={3} size="h5" id={`category-${category}`} mb="xs">
              {t(`orders.categories.${category}`)}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
              {services.map((service) => (
                <ServiceCard
                  key={service.id}
                  service={service}
                  language={language}
                  reply={reply?.form === `add-${service.id}` ? reply : undefined}
                  canOrder={canOrder}
                  now={now}
                />
              ))}
            </SimpleGrid>
          </section>
        );
      })}
    </Stack>
  );
}

function ServiceCard({
  service,
  language,
  reply,
  canOrder,
  now,
}: {
  service: ServiceView;
  language: Language;
  reply?: FormReply;
  canOrder: boolean;
  now: number;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const name = localName(service, language);
  const unit = localUnit(service, language);
  const { price } = service;
  const until = price.until ? t(`orders.priceUntil.${price.kind}`, { date: exhibitionDate(price.until) }) : t(`orders.priceKinds.${price.kind}`);
  const closedNote = service.orderOpen
    ? null
    : service.orderOpensAt && Date.parse(service.orderOpensAt) > now
      ? t("orders.booking.opensOn", { date: exhibitionDate(service.orderOpensAt) })
      : service.orderClosesAt
        ? t("orders.booking.closedSince", { date: exhibitionDate(service.orderClosesAt) })
        : t("orders.booking.closed");
  const error = reply?.errors?.length ? errorText(reply.errors) : undefined;
  return (
    <Paper withBorder p="sm" className="order-service" data-testid={`service-${service.code}`} aria-label={name} component="article">
      <Stack gap={6}>
        {service.photoUrl ? <Image src={service.photoUrl} alt={t("orders.booking.photo", { name })} h={120} fit="contain" /> : null}
        <Text fw={600}>{name}</Text>
        <Group gap="xs" align="baseline">
          <Text fw={700} size="lg" data-testid="price">
            {formatCny(price.cents)}
          </Text>
          <Text size="sm" c="dimmed">
            {t("orders.booking.perUnit", { unit })}
          </Text>
        </Group>
        <Badge variant="light" color={price.kind === "advance" ? "green" : price.kind === "standard" ? "blue" : "orange"} data-testid="price-kind">
          {until}
        </Badge>
        <Text size="xs" c="dimmed">
          {t("orders.booking.prices", {
            advance: formatCny(service.advanceCents),
            standard: formatCny(service.standardCents),
            onsite: formatCny(service.onsiteCents),
          })}
        </Text>
        {closedNote ? (
          <Alert color="gray" p="xs" data-testid="closed">
            {closedNote}
          </Alert>
        ) : canOrder ? (
          <Form method="post" className="order-add-form">
            <input type="hidden" name="serviceId" value={service.id} />
            <Group gap="xs" align="end" wrap="nowrap">
              {/* A native number field: its limits hold without JavaScript too. */}
              <TextInput
                key={reply?.values?.quantity ?? "1"}
                type="number"
                name="quantity"
                label={t("orders.fields.quantity")}
                defaultValue={reply?.values?.quantity ?? "1"}
                min={1}
                max={MAX_QUANTITY}
                step={1}
                required
                w={110}
                error={error}
              />
              <Button type="submit" name="intent" value="add" variant="light">
                {t("orders.booking.add")}
              </Button>
            </Group>
          </Form>
        ) : null}
      </Stack>
    </Paper>
  );
}
