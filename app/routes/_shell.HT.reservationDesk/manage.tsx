import { Anchor, Badge, Group, Table, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { ConfirmAction } from "~/components/confirm-action";
import type { FormConstraint } from "~/lib/forms";
import { formatMoney } from "~/contracts/common/format";
import type { Hotel, MeetingRoom, RoomBlock } from "~/contracts/reservations/api-types";
import { RESERVATION_DESK_PATH } from "~/contracts/reservations/values";
import { usePick } from "~/features/reservations/status-badge";
import { useTranslation } from "~/i18n/texts";
import { useIsPending } from "~/lib/hooks";
import type { DeskReply } from "./action.server";
import { BlockForm, HotelForm, MeetingRoomForm } from "./manage-forms";
import "~/contracts/reservations/texts";
import { Panel } from "~/components/panel";

type Held = Record<string, string | string[]> | null;
type Props = {
  hotels: Hotel[];
  meetingRooms: MeetingRoom[];
  editing: { hotel: Hotel | null; block: RoomBlock | null; room: MeetingRoom | null };
  deleting: { hotel: Hotel | null; block: RoomBlock | null; room: MeetingRoom | null };
  newBlockHotelId: string;
  held: { saveHotel: Held; saveBlock: Held; saveMeetingRoom: Held };
  constraints: { hotel: FormConstraint; block: FormConstraint; room: FormConstraint };
  reply?: DeskReply;
};

const at = (query: string) => `${RESERVATION_DESK_PATH}?${query}`;

function EditDelete({ edit, remove }: { edit: string; remove: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm">
      <Anchor component={Link} to={at(edit)}>
        {t("reservations.desk.edit")}
      </Anchor>
      <Anchor component={Link} to={at(remove)} c="red.8">
        {t("reservations.desk.delete")}
      </Anchor>
    </Group>
  );
}

/** The organizer's hotels with their blocks, and the meeting rooms: lists, delete questions, forms. */
export function ManageSection({ hotels, meetingRooms, editing, deleting, newBlockHotelId, held, constraints, reply }: Props) {
  const { t } = useTranslation();
  const pick = usePick();
  const pending = useIsPending();
  const result = (form: "hotel" | "block" | "room") => (reply && "result" in reply && reply.form === form ? reply.result : null);
  const deletion = (kind: "hotel" | "block" | "room") => {
    const target = deleting[kind];
    if (!target) return null;
    const name =
      "nameZh" in target ? pick(target.nameZh, target.nameEn) : `${pick(target.roomTypeZh, target.roomTypeEn)} ${target.firstNight} – ${target.lastNight}`;
    const intent = { hotel: "deleteHotel", block: "deleteBlock", room: "deleteMeetingRoom" }[kind];
    const question = { hotel: "confirmDeleteHotel", block: "confirmDeleteBlock", room: "confirmDeleteMeetingRoom" }[kind];
    return (
      <ConfirmAction
        question={`${t(`reservations.desk.${question}`)} ${name}`}
        intent={intent}
        fields={{ id: String(target.id) }}
        confirmLabel={t("reservations.desk.delete")}
        cancelTo={RESERVATION_DESK_PATH}
        pending={pending}
      />
    );
  };
  return (
    <Panel title={t("reservations.desk.manage")}>
      {deletion("hotel")}
      {deletion("block")}
      <Table.ScrollContainer minWidth={760}>
        <Table withTableBorder data-testid="manage-hotels">
          <Table.Tbody>
            {hotels.map((h) => [
              <Table.Tr key={`h${h.id}`} data-testid="manage-hotel-row">
                <Table.Td colSpan={3} fw={500}>
                  {h.nameZh} / {h.nameEn}{" "}
                  {h.hidden ? (
                    <Badge variant="light" color="gray">
                      {t("reservations.desk.hidden")}
                    </Badge>
                  ) : null}
                  <Text size="xs">{t("reservations.cancelUntil", { day: h.cancelUntil })}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap="sm">
                    <EditDelete edit={`hotel=${h.id}`} remove={`deleteHotel=${h.id}`} />
                    <Anchor component={Link} to={at(`newBlock=${h.id}`)}>
                      {t("reservations.desk.newBlock")}
                    </Anchor>
                  </Group>
                </Table.Td>
              </Table.Tr>,
              ...h.blocks.map((b) => (
                <Table.Tr key={`b${b.id}`} data-testid="manage-block-row">
                  <Table.Td pl="xl">
                    {b.roomTypeZh} / {b.roomTypeEn}
                  </Table.Td>
                  <Table.Td>
                    ¥{formatMoney(b.priceCents)} · {t("reservations.desk.quota", { count: b.roomsPerNight })} ·{" "}
                    {t("reservations.desk.perExhibitor", { count: b.maxRoomsPerExhibitor })}
                  </Table.Td>
                  <Table.Td>
                    {b.firstNight} – {b.lastNight}
                  </Table.Td>
                  <Table.Td>
                    <EditDelete edit={`block=${b.id}`} remove={`deleteBlock=${b.id}`} />
                  </Table.Td>
                </Table.Tr>
              )),
            ])}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <HotelForm
        key={`hotel-${editing.hotel?.id ?? "new"}`}
        editing={editing.hotel}
        held={held.saveHotel}
        constraint={constraints.hotel}
        lastResult={result("hotel")}
        pending={pending}
      />
      {hotels.length ? (
        <BlockForm
          key={`block-${editing.block?.id ?? `new-${newBlockHotelId}`}`}
          editing={editing.block}
          hotels={hotels}
          hotelId={newBlockHotelId}
          held={held.saveBlock}
          constraint={constraints.block}
          lastResult={result("block")}
          pending={pending}
        />
      ) : null}
      <Title order={2} size="h4">
        {t("reservations.meetingRooms")}
      </Title>
      {deletion("room")}
      <Table.ScrollContainer minWidth={600}>
        <Table withTableBorder data-testid="manage-meeting-rooms">
          <Table.Tbody>
            {meetingRooms.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>
                  {r.nameZh} / {r.nameEn}{" "}
                  {r.hidden ? (
                    <Badge variant="light" color="gray">
                      {t("reservations.desk.hidden")}
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td>{t("reservations.capacity", { count: r.capacity })}</Table.Td>
                <Table.Td>{pick(r.locationZh, r.locationEn)}</Table.Td>
                <Table.Td>
                  <EditDelete edit={`room=${r.id}`} remove={`deleteRoom=${r.id}`} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <MeetingRoomForm
        key={`room-${editing.room?.id ?? "new"}`}
        editing={editing.room}
        held={held.saveMeetingRoom}
        constraint={constraints.room}
        lastResult={result("room")}
        pending={pending}
      />
    </Panel>
  );
}
