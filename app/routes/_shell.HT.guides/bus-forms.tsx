import { EditFormFrame } from "~/components/edit-form-frame";
import { Checkbox, SimpleGrid, Text } from "@mantine/core";
import type { BusRoute, BusStop, BusTimetable, GuideDays } from "~/contracts/traffic-guides/api-types";
import type { busRouteSaveSchema, busStopSaveSchema, busTimetableSaveSchema } from "~/contracts/traffic-guides/schema";
import { BUS_INTERVAL_MAX, GUIDE_ADDRESS_MAX, GUIDE_NAME_MAX, GUIDE_NOTE_MAX, dayLabel } from "~/contracts/traffic-guides/values";
import { usePick } from "~/features/traffic-guides/guide-parts";
import { useTranslation } from "~/i18n/texts";
import { useEditForm, type FormReply } from "~/lib/forms";
import { GUIDE_FORMS, useFieldKit } from "./form-kit";
import "~/contracts/traffic-guides/texts";

export type FormProps<T> = FormReply & {
  editing: T | null;
  held: Record<string, string | string[]> | null;
  pending: boolean;
};

/** A route, new or edited (`?route=<id>`): names, note, order, hidden. Plain post. */
export function RouteForm({ editing, held, constraint, lastResult, pending }: FormProps<BusRoute>) {
  const { t } = useTranslation();
  const kit = useFieldKit();
  const defaults = editing ? { ...editing, id: String(editing.id), sort: String(editing.sort), hidden: editing.hidden ? "on" : "" } : { sort: "0" };
  const [form, fields] = useEditForm<typeof busRouteSaveSchema>("bus-route", { editing, held, constraint, lastResult }, defaults);
  return (
    <EditFormFrame kind={GUIDE_FORMS.route} form={form} editing={editing} pending={pending}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {kit.input(fields.nameZh, { required: true, max: GUIDE_NAME_MAX })}
        {kit.input(fields.nameEn, { required: true, max: GUIDE_NAME_MAX })}
        {kit.area(fields.noteZh, GUIDE_NOTE_MAX)}
        {kit.area(fields.noteEn, GUIDE_NOTE_MAX)}
        {kit.input(fields.sort, { type: "number", min: 0, maxValue: 9999 })}
      </SimpleGrid>
      <Checkbox name="hidden" defaultChecked={fields.hidden.initialValue === "on"} label={t("trafficGuides.fields.hidden")} />
    </EditFormFrame>
  );
}

function useRouteChoices(routes: BusRoute[]) {
  const pick = usePick();
  return routes.map((r) => ({ value: String(r.id), label: pick(r.nameZh, r.nameEn) }));
}

/** A stop of a route, new or edited (`?stop=<id>`): route, names, addresses, order. Plain post. */
export function StopForm({ editing, routes, held, constraint, lastResult, pending }: FormProps<BusStop> & { routes: BusRoute[] }) {
  const kit = useFieldKit();
  const defaults = editing
    ? { ...editing, id: String(editing.id), routeId: String(editing.routeId), sort: String(editing.sort) }
    : { sort: "0", routeId: routes[0] ? String(routes[0].id) : "" };
  const [form, fields] = useEditForm<typeof busStopSaveSchema>("bus-stop", { editing, held, constraint, lastResult }, defaults);
  return (
    <EditFormFrame kind={GUIDE_FORMS.stop} form={form} editing={editing} pending={pending}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {kit.select(fields.routeId, useRouteChoices(routes))}
        {kit.input(fields.sort, { type: "number", min: 0, maxValue: 9999 })}
        {kit.input(fields.nameZh, { required: true, max: GUIDE_NAME_MAX })}
        {kit.input(fields.nameEn, { required: true, max: GUIDE_NAME_MAX })}
        {kit.input(fields.addressZh, { max: GUIDE_ADDRESS_MAX })}
        {kit.input(fields.addressEn, { max: GUIDE_ADDRESS_MAX })}
      </SimpleGrid>
    </EditFormFrame>
  );
}

/** A route's day, new or edited (`?day=<id>`): the day, first and last departure, the interval. Plain post. */
export function TimetableForm({
  editing,
  routes,
  days,
  held,
  constraint,
  lastResult,
  pending,
}: FormProps<BusTimetable> & { routes: BusRoute[]; days: GuideDays }) {
  const { t, language } = useTranslation();
  const kit = useFieldKit();
  const defaults = editing
    ? { ...editing, id: String(editing.id), routeId: String(editing.routeId), intervalMinutes: String(editing.intervalMinutes) }
    : { routeId: routes[0] ? String(routes[0].id) : "", serviceDay: days.opensOn, intervalMinutes: "30" };
  const [form, fields] = useEditForm<typeof busTimetableSaveSchema>("bus-day", { editing, held, constraint, lastResult }, defaults);
  return (
    <EditFormFrame
      kind={GUIDE_FORMS.timetable}
      form={form}
      editing={editing}
      pending={pending}
      hint={
        <Text size="sm" c="dimmed">
          {t("trafficGuides.admin.daysHint", { from: dayLabel(days.buildUpFrom, language), to: dayLabel(days.endsOn, language) })}
        </Text>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {kit.select(fields.routeId, useRouteChoices(routes))}
        {kit.input(fields.serviceDay, { type: "date", required: true, min: days.buildUpFrom, maxValue: days.endsOn })}
        {kit.input(fields.intervalMinutes, { type: "number", required: true, min: 1, maxValue: BUS_INTERVAL_MAX })}
        {kit.input(fields.firstDeparture, { type: "time", required: true })}
        {kit.input(fields.lastDeparture, { type: "time", required: true })}
      </SimpleGrid>
    </EditFormFrame>
  );
}
