import type { Resource } from "./en";
import core from "./zh-core";
import home from "~/contracts/home/texts.zh";
import settings from "~/contracts/settings/texts.zh";
import uploads from "~/contracts/uploads/texts.zh";
import exhibitor from "~/contracts/exhibitor/texts.zh";
import orders from "~/contracts/orders/texts.zh";
import bookingForms from "~/contracts/booking-forms/texts.zh";
import contractors from "~/contracts/contractors/texts.zh";
import badges from "~/contracts/badges/texts.zh";
import boothConstruction from "~/contracts/booth-construction/texts.zh";
import invoices from "~/contracts/invoices/texts.zh";
import transport from "~/contracts/transport/texts.zh";
import vehicles from "~/contracts/vehicles/texts.zh";
import promotion from "~/contracts/promotion/texts.zh";
import passwordLinks from "~/contracts/auth/texts-password.zh";
import accounts from "~/contracts/accounts/texts.zh";
import reminders from "~/contracts/reminders/texts.zh";
import calendar from "~/contracts/calendar/texts.zh";
import showcase from "~/contracts/showcase/texts.zh";
import video from "~/contracts/video/texts.zh";
import dataArea from "~/contracts/data-area/texts.zh";
import trafficGuides from "~/contracts/traffic-guides/texts.zh";
import reservations from "~/contracts/reservations/texts.zh";
import epidemic from "~/contracts/epidemic/texts.zh";
import deliveryLog from "~/contracts/delivery-log/texts.zh";
import exhibitionSettings from "~/contracts/exhibition-settings/texts.zh";
import logisticsSettings from "~/contracts/logistics-settings/texts.zh";
import catalogueSettings from "~/contracts/catalogue-settings/texts.zh";
import setup from "~/contracts/setup/texts.zh";

/** 全部中文文案（服务器用；浏览器中每页只加载本栏目的文案，见 docs/decisions/022）。键与 en.ts 一致（由单元测试检查）。 */
const zh: Resource = {
  ...core,
  home,
  settings,
  uploads,
  exhibitor,
  orders,
  bookingForms,
  contractors,
  badges,
  boothConstruction,
  invoices,
  transport,
  vehicles,
  promotion,
  passwordLinks,
  accounts,
  reminders,
  calendar,
  showcase,
  video,
  dataArea,
  trafficGuides,
  reservations,
  epidemic,
  deliveryLog,
  exhibitionSettings,
  logisticsSettings,
  catalogueSettings,
  setup,
};

export default zh;
