import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Button, NativeSelect, Paper, SimpleGrid, Stack, Textarea, TextInput, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { FormError } from "~/components/form-error";
import type { Hotel, MeetingRoom } from "~/contracts/reservations/api-types";
import type { meetingBookingSchema, roomRequestSchema } from "~/contracts/reservations/schema";
import { MEETING_CAPACITY_MAX, MEETING_SLOT_TIMES, MEETING_SLOTS, MEETING_TOPIC_MAX, ROOMS_PER_REQUEST_MAX } from "~/contracts/reservations/values";
import { useTranslation } from "~/i18n/texts";
import { type FormConstraint, useErrorText, usePortalForm } from "~/lib/forms";
import { usePick } from "~/features/reservations/status-badge";
import "~/contracts/reservations/texts";

type FormProps = {
  held: Record<string, string | string[]> | null;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]> | null;
  pending: boolean;
};

/** Rooms in a hotel's block: the room type (grouped by hotel), the stay, rooms, guests one a line, a mobile. Plain post. */
export function RoomRequestForm({ hotels, held, constraint, lastResult, pending }: FormProps & { hotels: Hotel[] }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const pick = usePick();
  const blocks = hotels.flatMap((h) => h.blocks);
  const firstNight = blocks.map((b) => b.firstNight).sort()[0];
  const lastNight = blocks
    .map((b) => b.lastNight)
    .sort()
    .at(-1);
  const [form, fields] = usePortalForm<typeof roomRequestSchema>({
    id: "room-request",
    constraint,
    lastResult,
    defaultValue: { blockId: blocks[0] ? String(blocks[0].id) : "", rooms: "1", ...held },
  });
  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }}>
      <Form method="post" {...getFormProps(form)} data-testid="room-request-form">
        <input type="hidden" name="intent" value="requestRooms" />
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("reservations.requestRooms")}
          </Title>
          <FormError errors={form.errors} id={form.errorId} testId="room-request-error" />
          <NativeSelect
            {...getSelectProps(fields.blockId)}
            key={fields.blockId.key}
            label={`${t("reservations.fields.hotel")} / ${t("reservations.fields.roomType")}`}
            data={hotels.map((h) => ({
              group: pick(h.nameZh, h.nameEn),
              items: h.blocks.map((b) => ({ value: String(b.id), label: `${pick(h.nameZh, h.nameEn)} · ${pick(b.roomTypeZh, b.roomTypeEn)}` })),
            }))}
            withAsterisk
            error={errorText(fields.blockId.errors)}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              {...getInputProps(fields.checkIn, { type: "date" })}
              key={fields.checkIn.key}
              label={t("reservations.fields.checkIn")}
              min={firstNight}
              max={lastNight}
              withAsterisk
              error={errorText(fields.checkIn.errors)}
            />
            <TextInput
              {...getInputProps(fields.checkOut, { type: "date" })}
              key={fields.checkOut.key}
              label={t("reservations.fields.checkOut")}
              withAsterisk
              error={errorText(fields.checkOut.errors)}
            />
            <TextInput
              {...getInputProps(fields.rooms, { type: "number" })}
              key={fields.rooms.key}
              label={t("reservations.fields.rooms")}
              min={1}
              max={ROOMS_PER_REQUEST_MAX}
              withAsterisk
              error={errorText(fields.rooms.errors)}
            />
          </SimpleGrid>
          <Textarea
            {...getTextareaProps(fields.guestNames)}
            key={fields.guestNames.key}
            label={t("reservations.fields.guestNames")}
            description={t("reservations.guestNamesHint")}
            autosize
            minRows={2}
            withAsterisk
            error={errorText(fields.guestNames.errors)}
          />
          <TextInput
            {...getInputProps(fields.contactMobile, { type: "tel" })}
            key={fields.contactMobile.key}
            label={t("reservations.fields.contactMobile")}
            maw={320}
            withAsterisk
            error={errorText(fields.contactMobile.errors)}
          />
          <Button type="submit" loading={pending} w="fit-content">
            {t("reservations.submit")}
          </Button>
        </Stack>
      </Form>
    </Paper>
  );
}

/** A meeting room for a show day's slot. Plain post. */
export function MeetingForm({ rooms, showDays, held, constraint, lastResult, pending }: FormProps & { rooms: MeetingRoom[]; showDays: string[] }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const pick = usePick();
  const [form, fields] = usePortalForm<typeof meetingBookingSchema>({
    id: "meeting-booking",
    constraint,
    lastResult,
    defaultValue: { roomId: rooms[0] ? String(rooms[0].id) : "", day: showDays[0] ?? "", slot: MEETING_SLOTS[0], ...held },
  });
  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }}>
      <Form method="post" {...getFormProps(form)} data-testid="meeting-form">
        <input type="hidden" name="intent" value="bookMeeting" />
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("reservations.bookMeeting")}
          </Title>
          <FormError errors={form.errors} id={form.errorId} testId="meeting-error" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              {...getSelectProps(fields.roomId)}
              key={fields.roomId.key}
              label={t("reservations.fields.meetingRoom")}
              data={rooms.map((r) => ({ value: String(r.id), label: `${pick(r.nameZh, r.nameEn)} (${t("reservations.capacity", { count: r.capacity })})` }))}
              withAsterisk
              error={errorText(fields.roomId.errors)}
            />
            <NativeSelect
              {...getSelectProps(fields.day)}
              key={fields.day.key}
              label={t("reservations.fields.day")}
              data={showDays}
              withAsterisk
              error={errorText(fields.day.errors)}
            />
            <NativeSelect
              {...getSelectProps(fields.slot)}
              key={fields.slot.key}
              label={t("reservations.fields.slot")}
              data={MEETING_SLOTS.map((s) => ({ value: s, label: `${t(`reservations.slots.${s}`)} ${MEETING_SLOT_TIMES[s]}` }))}
              withAsterisk
              error={errorText(fields.slot.errors)}
            />
            <TextInput
              {...getInputProps(fields.people, { type: "number" })}
              key={fields.people.key}
              label={t("reservations.fields.people")}
              min={1}
              max={MEETING_CAPACITY_MAX}
              withAsterisk
              error={errorText(fields.people.errors)}
            />
          </SimpleGrid>
          <TextInput
            {...getInputProps(fields.topic, { type: "text" })}
            key={fields.topic.key}
            label={t("reservations.fields.topic")}
            maxLength={MEETING_TOPIC_MAX}
            error={errorText(fields.topic.errors)}
          />
          <Button type="submit" loading={pending} w="fit-content">
            {t("reservations.submit")}
          </Button>
        </Stack>
      </Form>
    </Paper>
  );
}
