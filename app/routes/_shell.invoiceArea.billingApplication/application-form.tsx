import { HiddenFields } from "~/components/hidden-fields";
import { getFormProps, getInputProps } from "@conform-to/react";
import { Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/texts";
import { FormError } from "~/components/form-error";
import type { BillableItem, BillingBaseInfo, InvoiceApplication } from "~/contracts/invoices/api-types";
import { BillTable } from "~/features/invoices/parts";
import type { applicationSchema, applicationUpdateSchema } from "~/contracts/invoices/schema";
import { INVOICE_TYPES } from "~/contracts/invoices/values";
import { useErrorText, usePortalForm, type PageFormProps } from "~/lib/forms";
import "~/contracts/invoices/texts";
import { FormSelect, FormTextInput } from "~/components/form-fields";
import { SubmitRow } from "~/components/submit-row";

export const PATH = "/invoiceArea/billingApplication";
const DETAIL_FIELDS = ["invoiceType", "title", "taxpayerId", "addressPhone", "bankAccount", "receivingEmail"] as const;
const asList = (value: unknown) => (Array.isArray(value) ? value.map(String) : value ? [String(value)] : []);

/** With JavaScript: as the title is typed, the billing details used before with a matching title, to fill in. */
function EarlierDetails({ title, onPick }: { title: string; onPick: (info: BillingBaseInfo) => void }) {
  const { t } = useTranslation();
  const [found, setFound] = useState<BillingBaseInfo[]>([]);
  // The title the form opened with is already filled in (from earlier details): suggestions come as
  // the title is typed, not after the page has loaded (they were the page's late, largest paint).
  const [openedWith] = useState(title);
  useEffect(() => {
    const typed = title.trim();
    if (!typed || title === openedWith) return setFound([]);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`${PATH}/baseInfo?title=${encodeURIComponent(typed)}`, { signal: controller.signal, headers: { accept: "application/json" } })
        .then((response) => (response.ok ? (response.json() as Promise<{ found: BillingBaseInfo[] }>) : { found: [] }))
        .then((body) => setFound(body.found))
        .catch(() => undefined);
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [title, openedWith]);
  if (!found.length) return null;
  return (
    <Group gap="xs" data-testid="earlier-details">
      <Text size="xs" c="dimmed">
        {t("invoices.application.suggestions")}
      </Text>
      {found.map((info) => (
        <Button key={info.id} size="compact-xs" variant="light" onClick={() => onPick(info)}>
          {info.title} · {info.taxpayerId}
        </Button>
      ))}
    </Group>
  );
}

/**
 * Apply for an invoice: tick paid items (each taken whole), the billing details, urgency. Editing
 * shows the application's own items ticked beside what is open. Without JavaScript, earlier details
 * are chosen with the select above and a plain GET.
 */
export function ApplicationForm(
  props: PageFormProps & {
    open: BillableItem[];
    editing: InvoiceApplication | null;
    earlier: BillingBaseInfo[];
    prefill: BillingBaseInfo | null;
    defaultTitle: string;
  },
) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { editing, prefill } = props;
  const own: BillableItem[] = (editing?.items ?? []).map((item) => ({
    key: item.key,
    kind: item.key.split(":")[0] as BillableItem["kind"],
    title: item.title,
    boothNo: "",
    amountCents: item.amountCents,
    payment: "paid",
    invoicedCents: 0,
    openCents: item.amountCents,
    createdAt: "",
  }));
  const items = [...own, ...props.open.filter((item) => !own.some((o) => o.key === item.key))];
  const details = prefill ?? editing;
  const [form, fields] = usePortalForm<typeof applicationUpdateSchema | typeof applicationSchema>({
    id: editing ? `invoice-${editing.id}-${editing.version}` : "invoice-new",
    constraint: props.constraint,
    lastResult: props.lastResult,
    defaultValue: {
      invoiceType: "vatGeneral",
      title: props.defaultTitle,
      ...(details ? Object.fromEntries(DETAIL_FIELDS.map((name) => [name, details[name]])) : {}),
      ...(editing ? { itemKeys: editing.items.map((i) => i.key), urgent: editing.urgent ? "on" : "", urgentReason: editing.urgentReason ?? "" } : {}),
      ...props.held,
    },
  });
  const ticked = asList(fields.itemKeys.initialValue);
  // Set in the page, not with Conform's form.update: without client validation Conform posts its intents to the action.
  const fill = (info: BillingBaseInfo) => {
    const element = document.getElementById(form.id);
    if (!(element instanceof HTMLFormElement)) return;
    for (const name of DETAIL_FIELDS) {
      const control = element.elements.namedItem(fields[name].name);
      if (!(control instanceof HTMLInputElement || control instanceof HTMLSelectElement)) continue;
      control.value = info[name];
      // Conform follows typed values through input events (the title's suggestions read fields.title.value).
      control.dispatchEvent(new Event("input", { bubbles: true }));
    }
  };
  const text = (name: "title" | "taxpayerId" | "addressPhone" | "bankAccount" | "receivingEmail", max: number, required = true) => (
    <TextInput
      {...getInputProps(fields[name], { type: name === "receivingEmail" ? "email" : "text" })}
      key={fields[name].key}
      label={t(`invoices.fields.${name}`)}
      maxLength={max}
      withAsterisk={required}
      required={false}
      error={errorText(fields[name].errors)}
    />
  );
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t(editing ? "invoices.application.editTitle" : "invoices.application.formTitle")}
      </Title>
      {props.earlier.length ? (
        <Form method="get" action={PATH} data-testid="earlier-form">
          {editing ? <input type="hidden" name="edit" value={editing.id} /> : null}
          <Group align="flex-end" gap="sm">
            <NativeSelect
              name="from"
              label={t("invoices.application.earlier")}
              data={[
                { value: "", label: t("invoices.application.earlierNone") },
                ...props.earlier.map((e) => ({ value: String(e.id), label: `${e.title} · ${e.taxpayerId}` })),
              ]}
              defaultValue={prefill ? String(prefill.id) : ""}
            />
            <Button type="submit" variant="default">
              {t("invoices.application.useEarlier")}
            </Button>
          </Group>
        </Form>
      ) : null}
      <Form method="post" {...getFormProps(form)} data-testid="application-form">
        <input type="hidden" name="intent" value={editing ? "update" : "save"} />
        {editing ? <HiddenFields values={{ id: editing.id, version: editing.version }} /> : null}
        <Stack gap="sm">
          <FormError errors={form.errors} id={form.errorId} />
          {items.length ? (
            <div id={fields.itemKeys.id} key={fields.itemKeys.key}>
              <BillTable items={items} pick={() => true} checked={ticked} showOpen />
            </div>
          ) : (
            <Text c="dimmed">{t("invoices.application.nothingOpen")}</Text>
          )}
          {fields.itemKeys.errors ? (
            <Text c="red.8" size="sm">
              {errorText(fields.itemKeys.errors)}
            </Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <FormSelect
              field={fields.invoiceType}
              label={t("invoices.fields.invoiceType")}
              data={INVOICE_TYPES.map((type) => ({ value: type, label: t(`invoices.invoiceTypes.${type}`) }))}
              withAsterisk
            />
            <Stack gap={4}>
              {text("title", 100)}
              <EarlierDetails title={String(fields.title.value ?? "")} onPick={fill} />
            </Stack>
            {text("taxpayerId", 18)}
            {text("receivingEmail", 120)}
            {text("addressPhone", 200, false)}
            {text("bankAccount", 200, false)}
          </SimpleGrid>
          <Checkbox {...getInputProps(fields.urgent, { type: "checkbox" })} key={fields.urgent.key} label={t("invoices.application.urgent")} />
          <FormTextInput field={fields.urgentReason} label={t("invoices.fields.urgentReason")} maxLength={200} />
          <SubmitRow pending={props.pending} disabled={!items.length} label={t(editing ? "invoices.application.update" : "invoices.application.submit")}>
            {editing ? (
              <Button component={Link} to={`${PATH}?id=${editing.id}`} variant="default">
                {t("invoices.application.back")}
              </Button>
            ) : null}
          </SubmitRow>
        </Stack>
      </Form>
    </Stack>
  );
}
