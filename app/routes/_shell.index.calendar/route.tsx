import { PageHeading } from "~/components/page-heading";
import { shellTitle } from "~/lib/page-title";
import { Anchor, Paper, Stack, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ActionError } from "~/components/form-error";
import { calendarEndpoints } from "~/contracts/calendar/endpoints.server";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { useTranslation } from "~/i18n/texts";
import { requireOk } from "~/lib/api.server";
import { formConstraints } from "~/lib/forms.server";
import { requireShellUser } from "~/lib/permissions.server";
import { calendarAction } from "./action.server";
import { ButtonWindows } from "./button-windows";
import { DatesForm } from "./dates-form";
import { DeadlinesForm } from "./deadlines-form";
import type { CalendarReply } from "./reply";
import "~/contracts/calendar/texts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

/** The organizer's page (menu 4, roleId 1 only); the API answers the organizer only as well. */
export const handle = { breadcrumb: "calendar.title" } satisfies PageHandle;

/**
 * /index/calendar (issue 39, decision 035): the organizer's exhibition days, its checklist deadlines
 * and the buttons' windows: one form per group (issue 51), each a plain post that works without JavaScript.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const calendar = await requireOk(await api.call(calendarEndpoints.calendar), request, context);
  return json(
    {
      title: translate(language, "calendar.title"),
      calendar,
      constraints: formConstraints({
        dates: calendarEndpoints.saveDates.input,
        deadlines: calendarEndpoints.saveDeadlines.input,
        buttons: calendarEndpoints.saveButtons.input,
      }),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const action = (args: ActionFunctionArgs) => calendarAction(args);

export default function CalendarPage() {
  const { t } = useTranslation();
  const { calendar, constraints } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as CalendarReply | undefined;
  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }} maw={1100}>
      <Stack gap="lg">
        <Stack gap="xs">
          <Anchor component={Link} to="/index" size="sm">
            {t("calendar.back")}
          </Anchor>
          <PageHeading title={t("calendar.title")} />
          <Text size="sm">{t("calendar.intro")}</Text>
        </Stack>
        <ActionError message={reply?.intent === "unknown" ? reply.error : null} />
        {/* Keyed by what was loaded and whether a refusal is shown: a save (a redirect, no reply) starts each form afresh. */}
        <DatesForm
          key={`${Object.values(calendar.dates).join()}-${reply?.intent === "dates" ? "reply" : ""}`}
          dates={calendar.dates}
          constraint={constraints.dates}
          lastResult={reply?.intent === "dates" ? reply.result : null}
        />
        <DeadlinesForm
          key={`${calendar.items.map((item) => item.deadline).join()}-${reply?.intent === "deadlines" ? "reply" : ""}`}
          items={calendar.items}
          closesOn={calendar.dates.endsOn}
          constraint={constraints.deadlines}
          lastResult={reply?.intent === "deadlines" ? reply.result : null}
        />
        <ButtonWindows
          key={`${calendar.buttons.map((b) => [b.effectStart, b.effectEnd, b.closesWith, b.closedMessage, b.closedMessageEn].join("|")).join()}-${reply?.intent === "buttons" ? "reply" : ""}`}
          calendar={calendar}
          constraint={constraints.buttons}
          lastResult={reply?.intent === "buttons" ? reply.result : null}
        />
      </Stack>
    </Paper>
  );
}
