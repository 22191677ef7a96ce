import type { Resource } from "./en";
import core from "./zh-core";
import home from "~/features/home/texts.zh";
import settings from "~/features/settings/texts.zh";
import uploads from "~/features/uploads/texts.zh";
import exhibitor from "~/features/exhibitor/texts.zh";
import orders from "~/features/orders/texts.zh";
import bookingForms from "~/features/booking-forms/texts.zh";
import contractors from "~/features/contractors/texts.zh";
import badges from "~/features/badges/texts.zh";
import boothConstruction from "~/features/booth-construction/texts.zh";
import invoices from "~/features/invoices/texts.zh";
import transport from "~/features/transport/texts.zh";
import vehicles from "~/features/vehicles/texts.zh";

/** 全部中文文案（服务器用；浏览器中每页只加载本栏目的文案，见 docs/decisions/022）。键与 en.ts 一致（由单元测试检查）。 */
const zh: Resource = { ...core, home, settings, uploads, exhibitor, orders, bookingForms, contractors, badges, boothConstruction, invoices, transport, vehicles };

export default zh;
