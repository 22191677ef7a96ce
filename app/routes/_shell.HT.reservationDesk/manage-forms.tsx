import { EditFormFrame, type EditFormKind } from "~/components/edit-form-frame";
import { getInputProps } from "@conform-to/react";
import { Checkbox, SimpleGrid, TextInput } from "@mantine/core";
import type { Hotel, MeetingRoom, RoomBlock } from "~/contracts/reservations/api-types";
import type { blockSaveSchema, hotelSaveSchema, meetingRoomSaveSchema } from "~/contracts/reservations/schema";
import {
  BLOCK_QUOTA_MAX,
  DEFAULT_ROOMS_PER_EXHIBITOR,
  HOTEL_ADDRESS_MAX,
  HOTEL_NAME_MAX,
  HOTEL_NOTE_MAX,
  MEETING_CAPACITY_MAX,
  MEETING_LOCATION_MAX,
  MEETING_ROOM_NAME_MAX,
  RESERVATION_DESK_PATH,
  ROOM_TYPE_MAX,
} from "~/contracts/reservations/values";
import { usePick } from "~/features/reservations/status-badge";
import { useTranslation } from "~/i18n/texts";
import { useErrorText, useEditForm, type usePortalForm, type FormReply } from "~/lib/forms";
import "~/contracts/reservations/texts";
import { FormSelect } from "~/components/form-fields";

type FormProps<T> = FormReply & {
  editing: T | null;
  held: Record<string, string | string[]> | null;
  pending: boolean;
};

type Fields = ReturnType<typeof usePortalForm>[1];
const DATE_FIELDS = new Set(["cancelUntil", "firstNight", "lastNight"]);
const NUMBER_FIELDS = new Set(["sort", "roomsPerNight", "maxRoomsPerExhibitor", "capacity"]);

/** Text inputs of a form, each labelled by its field's text. */
function TextFields({ fields, names, max, required = [] }: { fields: Fields; names: string[]; max: Record<string, number>; required?: string[] }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return names.map((name) => {
    const field = fields[name]!;
    const kind = DATE_FIELDS.has(name) ? "date" : NUMBER_FIELDS.has(name) ? "number" : "text";
    return (
      <TextInput
        {...getInputProps(field, { type: kind })}
        key={`${name}-${field.key ?? ""}`}
        label={t(`reservations.fields.${name}`)}
        maxLength={kind === "text" ? max[name] : undefined}
        min={kind === "number" ? 0 : undefined}
        max={kind === "number" ? max[name] : undefined}
        withAsterisk={required.includes(name)}
        error={errorText(field.errors)}
      />
    );
  });
}

const DESK_FORM = { editTitle: "reservations.desk.edit", save: "reservations.desk.save", cancelTo: RESERVATION_DESK_PATH };
const DESK_FORMS = {
  hotel: { ...DESK_FORM, testId: "hotel-form", intent: "saveHotel", newTitle: "reservations.desk.newHotel" },
  block: { ...DESK_FORM, testId: "block-form", intent: "saveBlock", newTitle: "reservations.desk.newBlock" },
  meetingRoom: { ...DESK_FORM, testId: "meeting-room-form", intent: "saveMeetingRoom", newTitle: "reservations.desk.newMeetingRoom" },
} satisfies Record<string, EditFormKind>;

const flagValue = (on: boolean) => (on ? "on" : "");

export function HotelForm({ editing, held, constraint, lastResult, pending }: FormProps<Hotel>) {
  const { t } = useTranslation();
  const defaults = editing
    ? { ...editing, id: String(editing.id), sort: String(editing.sort), hidden: flagValue(editing.hidden), blocks: undefined }
    : { sort: "0" };
  const [form, fields] = useEditForm<typeof hotelSaveSchema>("hotel", { editing, held, constraint, lastResult }, defaults);
  return (
    <EditFormFrame kind={DESK_FORMS.hotel} form={form} editing={editing} pending={pending}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextFields
          fields={fields as Fields}
          names={["nameZh", "nameEn", "addressZh", "addressEn", "noteZh", "noteEn", "cancelUntil", "sort"]}
          max={{
            nameZh: HOTEL_NAME_MAX,
            nameEn: HOTEL_NAME_MAX,
            addressZh: HOTEL_ADDRESS_MAX,
            addressEn: HOTEL_ADDRESS_MAX,
            noteZh: HOTEL_NOTE_MAX,
            noteEn: HOTEL_NOTE_MAX,
            sort: 9999,
          }}
          required={["nameZh", "nameEn", "cancelUntil"]}
        />
      </SimpleGrid>
      <Checkbox name="hidden" defaultChecked={fields.hidden.initialValue === "on"} label={t("reservations.fields.hidden")} />
    </EditFormFrame>
  );
}

export function BlockForm({ editing, hotels, hotelId, held, constraint, lastResult, pending }: FormProps<RoomBlock> & { hotels: Hotel[]; hotelId: string }) {
  const { t } = useTranslation();
  const pick = usePick();
  const defaults = editing
    ? {
        id: String(editing.id),
        hotelId: String(editing.hotelId),
        roomTypeZh: editing.roomTypeZh,
        roomTypeEn: editing.roomTypeEn,
        price: (editing.priceCents / 100).toFixed(2),
        roomsPerNight: String(editing.roomsPerNight),
        maxRoomsPerExhibitor: String(editing.maxRoomsPerExhibitor),
        firstNight: editing.firstNight,
        lastNight: editing.lastNight,
      }
    : { hotelId: hotelId || (hotels[0] ? String(hotels[0].id) : ""), maxRoomsPerExhibitor: String(DEFAULT_ROOMS_PER_EXHIBITOR) };
  const [form, fields] = useEditForm<typeof blockSaveSchema>("block", { editing, held, constraint, lastResult }, defaults);
  return (
    <EditFormFrame kind={DESK_FORMS.block} form={form} editing={editing} pending={pending}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <FormSelect
          field={fields.hotelId}
          label={t("reservations.fields.hotel")}
          data={hotels.map((h) => ({ value: String(h.id), label: pick(h.nameZh, h.nameEn) }))}
          withAsterisk
        />
        <TextFields
          fields={fields as Fields}
          names={["roomTypeZh", "roomTypeEn", "price", "roomsPerNight", "maxRoomsPerExhibitor", "firstNight", "lastNight"]}
          max={{ roomTypeZh: ROOM_TYPE_MAX, roomTypeEn: ROOM_TYPE_MAX, price: 10, roomsPerNight: BLOCK_QUOTA_MAX, maxRoomsPerExhibitor: BLOCK_QUOTA_MAX }}
          required={["roomTypeZh", "roomTypeEn", "price", "roomsPerNight", "maxRoomsPerExhibitor", "firstNight", "lastNight"]}
        />
      </SimpleGrid>
    </EditFormFrame>
  );
}

export function MeetingRoomForm({ editing, held, constraint, lastResult, pending }: FormProps<MeetingRoom>) {
  const { t } = useTranslation();
  const defaults = editing
    ? {
        ...editing,
        id: String(editing.id),
        capacity: String(editing.capacity),
        sort: String(editing.sort),
        hidden: flagValue(editing.hidden),
        taken: undefined,
      }
    : { sort: "0" };
  const [form, fields] = useEditForm<typeof meetingRoomSaveSchema>("meeting-room", { editing, held, constraint, lastResult }, defaults);
  return (
    <EditFormFrame kind={DESK_FORMS.meetingRoom} form={form} editing={editing} pending={pending}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextFields
          fields={fields as Fields}
          names={["nameZh", "nameEn", "capacity", "locationZh", "locationEn", "sort"]}
          max={{
            nameZh: MEETING_ROOM_NAME_MAX,
            nameEn: MEETING_ROOM_NAME_MAX,
            capacity: MEETING_CAPACITY_MAX,
            locationZh: MEETING_LOCATION_MAX,
            locationEn: MEETING_LOCATION_MAX,
            sort: 9999,
          }}
          required={["nameZh", "nameEn", "capacity"]}
        />
      </SimpleGrid>
      <Checkbox name="hidden" defaultChecked={fields.hidden.initialValue === "on"} label={t("reservations.fields.hidden")} />
    </EditFormFrame>
  );
}
