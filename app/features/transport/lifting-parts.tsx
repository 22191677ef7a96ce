import { Table } from "@mantine/core";
import { useTranslation } from "~/i18n/texts";
import type { LiftingBookingView } from "../../contracts/transport/api-types";

import "../../contracts/transport/texts";
import { formatCny } from "~/contracts/common/format";

/** A hoisting booking's columns, the same on the exhibitor's list and the carrier's. */
function Head() {
  const { t } = useTranslation();
  return (
    <>
      <Table.Th>{t("transport.fields.booth")}</Table.Th>
      <Table.Th>{t("transport.fields.liftingKind")}</Table.Th>
      <Table.Th style={{ textAlign: "right" }}>{t("transport.fields.weightT")}</Table.Th>
      <Table.Th>{t("transport.lifting.sizeM")}</Table.Th>
      <Table.Th style={{ textAlign: "right" }}>{t("transport.fields.pieces")}</Table.Th>
      <Table.Th>{t("transport.lifting.when")}</Table.Th>
      <Table.Th style={{ textAlign: "right" }}>{t("transport.fields.fee")}</Table.Th>
    </>
  );
}

function Cells({ booking: b }: { booking: LiftingBookingView }) {
  const { t } = useTranslation();
  return (
    <>
      <Table.Td>{b.boothNo}</Table.Td>
      <Table.Td>{t(`transport.liftingKinds.${b.kind}`)}</Table.Td>
      <Table.Td style={{ textAlign: "right" }}>{b.weightT}</Table.Td>
      <Table.Td style={{ whiteSpace: "nowrap" }}>
        {b.lengthM} × {b.widthM} × {b.heightM}
      </Table.Td>
      <Table.Td style={{ textAlign: "right" }}>{b.pieces}</Table.Td>
      <Table.Td style={{ whiteSpace: "nowrap" }}>
        {b.workDay} {b.slot}
      </Table.Td>
      <Table.Td style={{ textAlign: "right", whiteSpace: "nowrap" }}>{formatCny(b.feeCents)}</Table.Td>
    </>
  );
}

export const LiftingRow = { Head, Cells };
