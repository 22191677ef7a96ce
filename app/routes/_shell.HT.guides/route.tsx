import { PageHeading } from "~/components/page-heading";
import { shellTitle } from "~/lib/page-title";
import { Anchor, Group, Stack, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { ConfirmAction } from "~/components/confirm-action";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { trafficGuidesEndpoints } from "~/contracts/traffic-guides/endpoints.server";
import { BUS_GUIDE_PATH, GUIDES_ADMIN_PATH, PARKING_GUIDE_PATH } from "~/contracts/traffic-guides/values";
import { usePick } from "~/features/traffic-guides/guide-parts";
import { uploadFieldNames } from "~/features/uploads/upload-fields";
import { useTranslation } from "~/i18n/texts";
import { requireOk } from "~/lib/api.server";
import { heldFormValues } from "~/lib/form-hold.server";
import { formConstraints } from "~/lib/forms.server";
import { useIsPending } from "~/lib/hooks";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { ALL_FIELDS, type FormName, GUIDE_SCHEMAS, guidesAction, type Reply } from "./action.server";
import { RouteForm, StopForm, TimetableForm } from "./bus-forms";
import { CarParkForm } from "./car-park-form";
import { IntroForm } from "./intro-form";
import { CarParkList, RouteList } from "./lists";
import "~/contracts/traffic-guides/texts";
import { Panel } from "~/components/panel";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "trafficGuides.admin.title" } satisfies PageHandle;

/**
 * /HT/guides, the organizer's (roleId 1; issue 41): the bus guide's and the parking guide's intros
 * (with a preview), routes with their stops and timetable days, and car parks with their maps,
 * hidden ones too. `?route=`, `?stop=`, `?day=`, `?park=` edit one; `?deleteRoute=`, `?deleteStop=`,
 * `?deleteDay=`, `?deletePark=` ask before deleting. Plain and multipart posts: it works without script.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language, info } = await requireShellUser(request, context);
  const params = new URL(request.url).searchParams;
  const [bus, parking] = await Promise.all([
    api.call(trafficGuidesEndpoints.bus).then((answer) => requireOk(answer, request, context)),
    api.call(trafficGuidesEndpoints.parking).then((answer) => requireOk(answer, request, context)),
  ]);
  const stops = bus.routes.flatMap((r) => r.stops);
  const days = bus.routes.flatMap((r) => r.timetables);
  const byId = <T extends { id: number }>(list: T[], key: string) => list.find((x) => String(x.id) === params.get(key)) ?? null;
  // A form posted after the session ended comes back once, to the form it was typed in.
  const held = await heldFormValues(request, context, formHolderOf(info), ["intent", ...ALL_FIELDS, uploadFieldNames("mapUrl").name]);
  const heldFor = (intent: string, guide?: string) =>
    held.values?.intent === intent && (guide === undefined || held.values.guide === guide) ? held.values : null;
  return json(
    {
      title: translate(language, "trafficGuides.admin.title"),
      bus,
      parking,
      editing: { route: byId(bus.routes, "route"), stop: byId(stops, "stop"), day: byId(days, "day"), park: byId(parking.carParks, "park") },
      deleting: {
        route: byId(bus.routes, "deleteRoute"),
        stop: byId(stops, "deleteStop"),
        day: byId(days, "deleteDay"),
        park: byId(parking.carParks, "deletePark"),
      },
      held: {
        busIntro: heldFor("saveIntro", "bus"),
        parkingIntro: heldFor("saveIntro", "parking"),
        route: heldFor("saveRoute"),
        stop: heldFor("saveStop"),
        day: heldFor("saveTimetable"),
        park: heldFor("saveCarPark"),
      },
      constraints: formConstraints(GUIDE_SCHEMAS),
    },
    { headers: held.headers },
  );
}

export async function action(args: ActionFunctionArgs) {
  return guidesAction(args);
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return <Panel title={title}>{children}</Panel>;
}

export default function GuidesAdminPage() {
  const { t } = useTranslation();
  const pick = usePick();
  const { bus, parking, editing, deleting, held, constraints } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as Reply | undefined;
  const pending = useIsPending();
  const resultOf = (form: FormName) => (reply && reply.form === form ? reply.result : null);
  const asking = deleting.route
    ? {
        intent: "deleteRoute",
        id: deleting.route.id,
        question: `${t("trafficGuides.admin.confirmDeleteRoute")} ${pick(deleting.route.nameZh, deleting.route.nameEn)}`,
      }
    : deleting.stop
      ? {
          intent: "deleteStop",
          id: deleting.stop.id,
          question: `${t("trafficGuides.admin.confirmDeleteStop")} ${pick(deleting.stop.nameZh, deleting.stop.nameEn)}`,
        }
      : deleting.day
        ? { intent: "deleteTimetable", id: deleting.day.id, question: `${t("trafficGuides.admin.confirmDeleteTimetable")} ${deleting.day.serviceDay}` }
        : deleting.park
          ? {
              intent: "deleteCarPark",
              id: deleting.park.id,
              question: `${t("trafficGuides.admin.confirmDeleteCarPark")} ${pick(deleting.park.nameZh, deleting.park.nameEn)}`,
            }
          : null;
  const common = { constraint: constraints.intro, pending };
  return (
    <Stack gap="lg" maw={1100}>
      <Panel gap="xs">
        <Group justify="space-between">
          <PageHeading title={t("trafficGuides.admin.title")} />
          <Group gap="md">
            <Anchor component={Link} to={BUS_GUIDE_PATH} size="sm">
              {t("trafficGuides.bus.title")}
            </Anchor>
            <Anchor component={Link} to={PARKING_GUIDE_PATH} size="sm">
              {t("trafficGuides.parking.title")}
            </Anchor>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {t("trafficGuides.admin.intro")}
        </Text>
      </Panel>
      {asking ? (
        <ConfirmAction
          question={asking.question}
          intent={asking.intent}
          fields={{ id: String(asking.id) }}
          confirmLabel={t("trafficGuides.admin.delete")}
          cancelTo={GUIDES_ADMIN_PATH}
          pending={pending}
        />
      ) : null}
      {reply?.form === "delete" ? (
        <Text role="alert" c="red.8" data-testid="delete-error">
          {reply.error}
        </Text>
      ) : null}
      <Section title={t("trafficGuides.admin.intros")}>
        <Text size="sm" c="dimmed">
          {t("trafficGuides.admin.introHint")}
        </Text>
        <IntroForm
          {...common}
          intro={bus.intro}
          held={held.busIntro}
          lastResult={resultOf("intro-bus")}
          preview={reply?.form === "intro-bus" ? (reply.preview ?? null) : null}
        />
        <IntroForm
          {...common}
          intro={parking.intro}
          held={held.parkingIntro}
          lastResult={resultOf("intro-parking")}
          preview={reply?.form === "intro-parking" ? (reply.preview ?? null) : null}
        />
      </Section>
      <Section title={t("trafficGuides.admin.routes")}>
        <RouteList routes={bus.routes} />
        <RouteForm
          key={`route-${editing.route?.id ?? "new"}`}
          editing={editing.route}
          held={held.route}
          constraint={constraints.route}
          lastResult={resultOf("route")}
          pending={pending}
        />
        {bus.routes.length ? (
          <>
            <StopForm
              key={`stop-${editing.stop?.id ?? "new"}`}
              editing={editing.stop}
              routes={bus.routes}
              held={held.stop}
              constraint={constraints.stop}
              lastResult={resultOf("stop")}
              pending={pending}
            />
            <TimetableForm
              key={`day-${editing.day?.id ?? "new"}`}
              editing={editing.day}
              routes={bus.routes}
              days={bus.days}
              held={held.day}
              constraint={constraints.day}
              lastResult={resultOf("timetable")}
              pending={pending}
            />
          </>
        ) : null}
      </Section>
      <Section title={t("trafficGuides.admin.carParks")}>
        <CarParkList carParks={parking.carParks} />
        <CarParkForm
          key={`park-${editing.park?.id ?? "new"}`}
          editing={editing.park}
          held={held.park}
          constraint={constraints.park}
          lastResult={resultOf("carPark")}
          pending={pending}
        />
      </Section>
    </Stack>
  );
}
