import { shellTitle } from "~/lib/page-title";
import { FormPage } from "~/components/form-page";
import { getFormProps, getInputProps } from "@conform-to/react";
import { Badge, Card, Group, Image, Radio, SimpleGrid, Stack, Text, VisuallyHidden } from "@mantine/core";
import { usePortalForm, useErrorText } from "~/lib/forms";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { translate } from "~/contracts/i18n/translate.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { useIsPending } from "~/lib/hooks";
import { requireShellUser } from "~/lib/permissions.server";
import { skinSchema } from "~/features/settings/skin-schema.server";
import { SKIN_IDS, skinImageUrl } from "~/contracts/settings/skin-values";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { showToast } from "~/lib/toast.server";
import "~/contracts/settings/texts";
import { settingsEndpoints } from "~/contracts/settings/endpoints.server";
import { SubmitRow } from "~/components/submit-row";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "settings.skinTitle", title: "shell.pages.skin", personal: "account" } satisfies PageHandle;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const data = await requireOk(await api.call(settingsEndpoints.skin), request, context);
  return json(
    { title: translate(language, "settings.skinTitle"), skin: data.skin, constraints: formConstraints({ skin: skinSchema }) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: skinSchema });
  if (submission.status !== "success") {
    return json({ result: submission.reply(), success: false }, { status: 400 });
  }
  const result = await handleAuthErrors(await api.call(settingsEndpoints.saveSkin, { skin: submission.value.skin }), request, context);
  if (!result.ok) {
    const reply = replyToApiFailure(submission, result, ["skin"]);
    return json({ result: reply, success: false }, { status: 400 });
  }
  return json({ result: submission.reply(), success: true }, { headers: await showToast(context, { kind: "success", key: "settings.skinSuccess" }) });
}

export default function SkinPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const [form, fields] = usePortalForm<typeof skinSchema>({
    id: "skin",
    constraint: data.constraints.skin,
    lastResult: actionData?.result,
    defaultValue: { skin: data.skin ?? undefined },
  });
  const errorText = useErrorText();
  const skinError = errorText(fields.skin.errors);

  return (
    <FormPage title={t("settings.skinTitle")} maw={760} intro={t("settings.skinIntro")} form={form}>
      <Form method="post" {...getFormProps(form)}>
        <Stack gap="md">
          <fieldset
            style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}
            aria-invalid={skinError ? true : undefined}
            aria-describedby={skinError ? fields.skin.errorId : undefined}
          >
            <VisuallyHidden component="legend">{t("settings.skinTitle")}</VisuallyHidden>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
              {SKIN_IDS.map((skin) => {
                const inputProps = getInputProps(fields.skin, { type: "radio", value: skin });
                const id = `${fields.skin.id}-${skin}`;
                return (
                  <Card key={`${fields.skin.key ?? ""}-${skin}`} withBorder padding="sm" component="label" htmlFor={id} style={{ cursor: "pointer" }}>
                    <Card.Section>
                      <Image src={skinImageUrl(skin)} alt="" h={120} fit="cover" />
                    </Card.Section>
                    <Group mt="sm" gap="xs" wrap="nowrap">
                      <Radio {...inputProps} id={id} aria-label={t(`settings.skinNames.${skin}`)} />
                      <Text size="sm" fw={500}>
                        {t(`settings.skinNames.${skin}`)}
                      </Text>
                      {data.skin === skin ? (
                        <Badge size="xs" variant="light">
                          {t("settings.skinCurrent")}
                        </Badge>
                      ) : null}
                    </Group>
                  </Card>
                );
              })}
            </SimpleGrid>
          </fieldset>
          {skinError ? (
            <Text c="red" size="sm" id={fields.skin.errorId} role="alert">
              {skinError}
            </Text>
          ) : null}
          <SubmitRow pending={isPending} label={t("settings.skinSubmit")} />
        </Stack>
      </Form>
    </FormPage>
  );
}
