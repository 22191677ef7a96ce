import { PageHeading } from "~/components/page-heading";
import { shellTitle } from "~/lib/page-title";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Anchor, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { FormError } from "~/components/form-error";
import { CONTENT_BODY_MAX, CONTENT_EDIT_PATH, CONTENT_PAGE_SLUGS, CONTENT_TITLE_MAX } from "~/contracts/home/content-values";
import { homeEndpoints } from "~/contracts/home/endpoints.server";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { ContentBody } from "~/features/home/content-body";
import { contentSaveSchema } from "~/features/home/content-schema.server";
import { useTranslation } from "~/i18n/texts";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { type FormConstraint, usePortalForm } from "~/lib/forms";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import { requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import "~/contracts/home/texts";
import { FormTextInput, FormTextarea } from "~/components/form-fields";
import { Panel } from "~/components/panel";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "home.contentEdit.title" } satisfies PageHandle;

const FIELDS = ["titleZh", "titleEn", "bodyZh", "bodyEn"] as const;
const NO_STORE = { "Cache-Control": "no-store" };
type Slug = (typeof CONTENT_PAGE_SLUGS)[number];
const slugOf = (value: string | null): Slug => ((CONTENT_PAGE_SLUGS as readonly string[]).includes(value ?? "") ? (value as Slug) : CONTENT_PAGE_SLUGS[0]);

/**
 * /index/content, the organizer's (roleId 1; issue 41): the home area's content pages in Chinese and
 * English, one at a time (`?page=`), with a preview of the texts as exhibitors will read them. Plain
 * posts: "Preview" shows what was typed without saving; "Save" saves it. Works without script.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const slug = slugOf(new URL(request.url).searchParams.get("page"));
  const pages = await requireOk(await api.call(homeEndpoints.contentPages), request, context);
  const page = pages.find((p) => p.slug === slug) ?? { slug, title: "", titleEn: "", body: "", bodyEn: "" };
  return json(
    { title: translate(language, "home.contentEdit.title"), slug, page, constraints: formConstraints({ content: contentSaveSchema }) },
    { headers: NO_STORE },
  );
}

type Reply = { result: SubmissionResult<string[]>; preview?: { bodyZh: string; bodyEn: string } };

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: contentSaveSchema });
  if (submission.status !== "success") return json<Reply>({ result: submission.reply() }, { status: 400, headers: NO_STORE });
  const v = submission.value;
  // Preview: the typed texts rendered, the form kept as typed, nothing saved.
  if (formData.get("intent") === "preview")
    return json<Reply>({ result: submission.reply(), preview: { bodyZh: v.bodyZh, bodyEn: v.bodyEn ?? "" } }, { headers: NO_STORE });
  const result = await handleAuthErrors(await api.call(homeEndpoints.saveContent, { ...v, bodyEn: v.bodyEn ?? "" }), request, context);
  if (!result.ok) return json<Reply>({ result: replyToApiFailure(submission, result, FIELDS) }, { status: 400, headers: NO_STORE });
  return redirectWithToast(`${CONTENT_EDIT_PATH}?page=${v.slug}`, context, { kind: "success", key: "home.contentEdit.saved" });
}

export default function ContentEditPage() {
  const { t } = useTranslation();
  const { slug, page, constraints } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as Reply | undefined;
  const pending = useIsPending();
  const preview = reply?.preview ?? { bodyZh: page.body, bodyEn: page.bodyEn };
  return (
    <Stack gap="lg" maw={1100}>
      <Panel gap="sm">
        <PageHeading title={t("home.contentEdit.title")} intro={t("home.contentEdit.intro")} />
        <Form method="get">
          <Group align="flex-end" gap="sm">
            <NativeSelect
              name="page"
              label={t("home.contentEdit.page")}
              defaultValue={slug}
              data={CONTENT_PAGE_SLUGS.map((s) => ({ value: s, label: t(`home.pages.${s}`) }))}
            />
            <Button type="submit" variant="light">
              {t("home.contentEdit.open")}
            </Button>
            <Anchor href={`/index/${slug}`} size="sm">
              /index/{slug}
            </Anchor>
          </Group>
        </Form>
      </Panel>
      <Paper withBorder p={{ base: "sm", sm: "lg" }}>
        <ContentForm
          key={slug}
          slug={slug}
          defaults={{ titleZh: page.title, titleEn: page.titleEn, bodyZh: page.body, bodyEn: page.bodyEn }}
          constraint={constraints.content}
          lastResult={reply?.result}
          pending={pending}
        />
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {(["bodyZh", "bodyEn"] as const).map((field) => (
          <Paper key={field} withBorder p={{ base: "sm", sm: "lg" }} data-testid={`preview-${field}`}>
            <Stack gap="sm" lang={field === "bodyZh" ? "zh" : "en"}>
              <Title order={2} size="h5">
                {t("home.contentEdit.preview")}: {t(`home.contentEdit.${field}`)}
              </Title>
              {preview[field].trim() ? <ContentBody body={preview[field]} /> : <Text c="dimmed">{t("home.content.empty")}</Text>}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function ContentForm(props: {
  slug: string;
  defaults: Record<(typeof FIELDS)[number], string>;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const [form, fields] = usePortalForm<typeof contentSaveSchema>({
    id: `content-${props.slug}`,
    constraint: props.constraint,
    lastResult: props.lastResult,
    defaultValue: { slug: props.slug, ...props.defaults },
  });
  const title = (name: "titleZh" | "titleEn") => (
    <FormTextInput field={fields[name]} label={t(`home.contentEdit.${name}`)} maxLength={CONTENT_TITLE_MAX} withAsterisk />
  );
  const body = (name: "bodyZh" | "bodyEn") => (
    <FormTextarea
      field={fields[name]}
      label={t(`home.contentEdit.${name}`)}
      maxLength={CONTENT_BODY_MAX}
      withAsterisk={name === "bodyZh"}
      autosize
      minRows={10}
      maxRows={30}
    />
  );
  return (
    <Form method="post" {...getFormProps(form)} data-testid="content-form">
      <input type="hidden" name="slug" value={props.slug} />
      <Stack gap="sm">
        <FormError errors={form.errors} id={form.errorId} />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {title("titleZh")}
          {title("titleEn")}
          {body("bodyZh")}
          {body("bodyEn")}
        </SimpleGrid>
        <Group>
          <Button type="submit" name="intent" value="save" loading={props.pending} data-testid="content-save">
            {t("home.contentEdit.save")}
          </Button>
          <Button type="submit" name="intent" value="preview" variant="default" data-testid="content-preview">
            {t("home.contentEdit.preview")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
