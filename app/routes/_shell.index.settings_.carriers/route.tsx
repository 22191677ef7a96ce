import { PageHeading } from "~/components/page-heading";
import { Alert, Anchor, Stack } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmAction } from "~/components/confirm-action";
import { EXHIBITION_SETTINGS_PATH } from "~/contracts/exhibition-settings/values";
import { translate } from "~/contracts/i18n/translate.server";
import { logisticsSettingsEndpoints } from "~/contracts/logistics-settings/endpoints.server";
import { decimalText, LOGISTICS_SETTINGS_PATHS, WEIGHT_SCALE } from "~/contracts/logistics-settings/values";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { carrierSaveSchema, discountSaveSchema, liftingFeeSaveSchema, priceSaveSchema } from "~/features/logistics-settings/schema.server";
import { usePick } from "~/features/traffic-guides/guide-parts";
import { useTranslation } from "~/i18n/texts";
import { requireOk } from "~/lib/api.server";
import { heldFormValues } from "~/lib/form-hold.server";
import { formConstraints } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import { shellTitle } from "~/lib/page-title";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { ALL_FIELDS, carriersAction, type FormName, type Reply } from "./action.server";
import { CarrierForm, DiscountForm, LiftingFeeForm, PriceForm } from "./forms";
import { CarrierList, LiftingFeeList, useLiftingClassName } from "./lists";
import "~/contracts/logistics-settings/texts";
import { Panel } from "~/components/panel";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

/** An organizer's page opened from /index/settings (roleId 1): it takes that page's permission. */
export const handle = { breadcrumb: "logisticsSettings.carriers.title", permissionOf: EXHIBITION_SETTINGS_PATH } satisfies PageHandle;

const PAGE = LOGISTICS_SETTINGS_PATHS.carriers;
const INTENT_FORMS: Record<string, FormName> = { saveCarrier: "carrier", savePrice: "price", saveDiscount: "discount", saveLiftingFee: "liftingFee" };

/**
 * /index/settings/carriers (issue 52): what `cli.js carriers` changes, on a page: the carriers
 * (add, rename, contact, active, order), their price per service and their discounts, and the
 * exhibition's lifting fee classes. `?carrier=<id>` edits one; `?removePrice=`, `?removeDiscount=`,
 * `?removeLiftingFee=` ask before removing. Plain posts: it works without script. Linking a carrier
 * user account stays with the CLI (`cli.js carriers account`).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const params = new URL(request.url).searchParams;
  const answer = await requireOk(await api.call(logisticsSettingsEndpoints.carriers), request, context);
  const carrierOf = (value: string | undefined) => answer.carriers.find((c) => String(c.id) === value) ?? null;
  const split = (key: string) => {
    const value = params.get(key) ?? "";
    const at = value.indexOf(":");
    return at > 0 ? [value.slice(0, at), value.slice(at + 1)] : [];
  };
  const [priceCarrier, service] = split("removePrice");
  const [discountCarrier, discountCode] = split("removeDiscount");
  const [liftingKind, liftingKg] = split("removeLiftingFee");
  const removing = {
    price: carrierOf(priceCarrier)?.prices.some((p) => p.service === service) ? { carrier: carrierOf(priceCarrier)!, service: service! } : null,
    discount: carrierOf(discountCarrier)?.discounts.some((d) => d.code === discountCode) ? { carrier: carrierOf(discountCarrier)!, code: discountCode! } : null,
    liftingFee: answer.liftingFees.find((f) => f.kind === liftingKind && String(f.maxWeightKg) === liftingKg) ?? null,
  };
  // A form posted after the session ended comes back once, to the form it was typed in.
  const held = await heldFormValues(request, context, formHolderOf(info), ["intent", ...ALL_FIELDS]);
  const heldForm = INTENT_FORMS[String(held.values?.intent ?? "")] ?? null;
  return json(
    {
      title: translate(language, "logisticsSettings.carriers.title"),
      ...answer,
      editing: carrierOf(params.get("carrier") ?? undefined),
      removing,
      held: heldForm ? { form: heldForm, values: held.values } : null,
      constraints: formConstraints({ carrier: carrierSaveSchema, price: priceSaveSchema, discount: discountSaveSchema, liftingFee: liftingFeeSaveSchema }),
    },
    { headers: held.headers },
  );
}

export async function action(args: ActionFunctionArgs) {
  return carriersAction(args);
}

export default function CarriersSettingsPage() {
  const { t } = useTranslation();
  const pick = usePick();
  const className = useLiftingClassName();
  const { carriers, liftingFees, editing, removing, held, constraints } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as Reply | undefined;
  const pending = useIsPending();
  const propsOf = (form: FormName) => ({
    constraint: constraints[form],
    lastResult: reply && reply.form === form ? reply.result : null,
    held: held?.form === form ? held.values : null,
    pending,
  });
  const asking: { intent: string; fields: Record<string, string>; question: string } | null = removing.price
    ? {
        intent: "removePrice",
        fields: { carrierId: String(removing.price.carrier.id), service: removing.price.service },
        question: t("logisticsSettings.carriers.confirmRemovePrice", {
          service: t(`logisticsSettings.services.${removing.price.service}`),
          carrier: pick(removing.price.carrier.nameZh, removing.price.carrier.nameEn),
        }),
      }
    : removing.discount
      ? {
          intent: "removeDiscount",
          fields: { carrierId: String(removing.discount.carrier.id), code: removing.discount.code },
          question: t("logisticsSettings.carriers.confirmRemoveDiscount", {
            code: removing.discount.code,
            carrier: pick(removing.discount.carrier.nameZh, removing.discount.carrier.nameEn),
          }),
        }
      : removing.liftingFee
        ? {
            intent: "removeLiftingFee",
            fields: { kind: removing.liftingFee.kind, maxTons: decimalText(removing.liftingFee.maxWeightKg, WEIGHT_SCALE) },
            question: t("logisticsSettings.carriers.confirmRemoveLiftingFee", { class: className(removing.liftingFee) }),
          }
        : null;
  return (
    <Stack gap="lg" maw={1100}>
      <Panel gap="xs">
        <PageHeading title={t("logisticsSettings.carriers.title")} intro={t("logisticsSettings.carriers.intro")} />
        <Anchor component={Link} to={EXHIBITION_SETTINGS_PATH} size="sm">
          {t("logisticsSettings.backToSettings")}
        </Anchor>
      </Panel>
      {reply?.form === "remove" ? (
        <Alert color="red" data-testid="remove-error">
          {reply.error}
        </Alert>
      ) : null}
      {asking ? (
        <ConfirmAction
          question={asking.question}
          intent={asking.intent}
          fields={asking.fields}
          confirmLabel={t("logisticsSettings.remove")}
          cancelTo={PAGE}
          pending={pending}
        />
      ) : null}
      <Panel title={t("logisticsSettings.carriers.title")}>
        <CarrierList carriers={carriers} pick={pick} />
        <CarrierForm key={editing?.id ?? "new"} editing={editing} {...propsOf("carrier")} />
      </Panel>
      {carriers.length ? (
        <Panel title={`${t("logisticsSettings.carriers.prices")} · ${t("logisticsSettings.carriers.discounts")}`}>
          <PriceForm carriers={carriers} pick={pick} {...propsOf("price")} />
          <DiscountForm carriers={carriers} pick={pick} {...propsOf("discount")} />
        </Panel>
      ) : null}
      <Panel title={t("logisticsSettings.carriers.liftingFees")} testId="lifting-section">
        <LiftingFeeList fees={liftingFees} />
        <LiftingFeeForm {...propsOf("liftingFee")} />
      </Panel>
    </Stack>
  );
}
