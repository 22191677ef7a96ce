import { Button, Paper, SimpleGrid } from "@mantine/core";
import { TitledForm } from "~/components/titled-form";
import type { Hotel, MeetingRoom } from "~/contracts/reservations/api-types";
import type { meetingBookingSchema, roomRequestSchema } from "~/contracts/reservations/schema";
import { MEETING_CAPACITY_MAX, MEETING_SLOT_TIMES, MEETING_SLOTS, MEETING_TOPIC_MAX, ROOMS_PER_REQUEST_MAX } from "~/contracts/reservations/values";
import { useTranslation } from "~/i18n/texts";
import { usePortalForm, type FormReply } from "~/lib/forms";
import { usePick } from "~/features/reservations/status-badge";
import "~/contracts/reservations/texts";
import { FormSelect, FormTextInput, FormTextarea } from "~/components/form-fields";

type FormProps = FormReply & {
  held: Record<string, string | string[]> | null;
  pending: boolean;
};

/** Rooms in a hotel's block: the room type (grouped by hotel), the stay, rooms, guests one a line, a mobile. Plain post. */
export function RoomRequestForm({ hotels, held, constraint, lastResult, pending }: FormProps & { hotels: Hotel[] }) {
  const { t } = useTranslation();
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
      <TitledForm
        form={form}
        testId="room-request-form"
        hidden={{ intent: "requestRooms" }}
        title={t("reservations.requestRooms")}
        errorTestId="room-request-error"
      >
        <FormSelect
          field={fields.blockId}
          label={`${t("reservations.fields.hotel")} / ${t("reservations.fields.roomType")}`}
          data={hotels.map((h) => ({
            group: pick(h.nameZh, h.nameEn),
            items: h.blocks.map((b) => ({ value: String(b.id), label: `${pick(h.nameZh, h.nameEn)} · ${pick(b.roomTypeZh, b.roomTypeEn)}` })),
          }))}
          withAsterisk
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <FormTextInput field={fields.checkIn} type="date" label={t("reservations.fields.checkIn")} min={firstNight} max={lastNight} withAsterisk />
          <FormTextInput field={fields.checkOut} type="date" label={t("reservations.fields.checkOut")} withAsterisk />
          <FormTextInput field={fields.rooms} type="number" label={t("reservations.fields.rooms")} min={1} max={ROOMS_PER_REQUEST_MAX} withAsterisk />
        </SimpleGrid>
        <FormTextarea
          field={fields.guestNames}
          label={t("reservations.fields.guestNames")}
          description={t("reservations.guestNamesHint")}
          autosize
          minRows={2}
          withAsterisk
        />
        <FormTextInput field={fields.contactMobile} type="tel" label={t("reservations.fields.contactMobile")} maw={320} withAsterisk />
        <Button type="submit" loading={pending} w="fit-content">
          {t("reservations.submit")}
        </Button>
      </TitledForm>
    </Paper>
  );
}

/** A meeting room for a show day's slot. Plain post. */
export function MeetingForm({ rooms, showDays, held, constraint, lastResult, pending }: FormProps & { rooms: MeetingRoom[]; showDays: string[] }) {
  const { t } = useTranslation();
  const pick = usePick();
  const [form, fields] = usePortalForm<typeof meetingBookingSchema>({
    id: "meeting-booking",
    constraint,
    lastResult,
    defaultValue: { roomId: rooms[0] ? String(rooms[0].id) : "", day: showDays[0] ?? "", slot: MEETING_SLOTS[0], ...held },
  });
  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }}>
      <TitledForm form={form} testId="meeting-form" hidden={{ intent: "bookMeeting" }} title={t("reservations.bookMeeting")} errorTestId="meeting-error">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FormSelect
            field={fields.roomId}
            label={t("reservations.fields.meetingRoom")}
            data={rooms.map((r) => ({ value: String(r.id), label: `${pick(r.nameZh, r.nameEn)} (${t("reservations.capacity", { count: r.capacity })})` }))}
            withAsterisk
          />
          <FormSelect field={fields.day} label={t("reservations.fields.day")} data={showDays} withAsterisk />
          <FormSelect
            field={fields.slot}
            label={t("reservations.fields.slot")}
            data={MEETING_SLOTS.map((s) => ({ value: s, label: `${t(`reservations.slots.${s}`)} ${MEETING_SLOT_TIMES[s]}` }))}
            withAsterisk
          />
          <FormTextInput field={fields.people} type="number" label={t("reservations.fields.people")} min={1} max={MEETING_CAPACITY_MAX} withAsterisk />
        </SimpleGrid>
        <FormTextInput field={fields.topic} label={t("reservations.fields.topic")} maxLength={MEETING_TOPIC_MAX} />
        <Button type="submit" loading={pending} w="fit-content">
          {t("reservations.submit")}
        </Button>
      </TitledForm>
    </Paper>
  );
}
