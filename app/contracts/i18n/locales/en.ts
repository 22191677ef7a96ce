import core from "./en-core";
import home from "~/contracts/home/texts.en";
import settings from "~/contracts/settings/texts.en";
import uploads from "~/contracts/uploads/texts.en";
import exhibitor from "~/contracts/exhibitor/texts.en";
import orders from "~/contracts/orders/texts.en";
import bookingForms from "~/contracts/booking-forms/texts.en";
import contractors from "~/contracts/contractors/texts.en";
import badges from "~/contracts/badges/texts.en";
import boothConstruction from "~/contracts/booth-construction/texts.en";
import invoices from "~/contracts/invoices/texts.en";
import transport from "~/contracts/transport/texts.en";
import vehicles from "~/contracts/vehicles/texts.en";
import promotion from "~/contracts/promotion/texts.en";
import passwordLinks from "~/contracts/auth/texts-password.en";
import accounts from "~/contracts/accounts/texts.en";
import reminders from "~/contracts/reminders/texts.en";
import calendar from "~/contracts/calendar/texts.en";
import showcase from "~/contracts/showcase/texts.en";
import video from "~/contracts/video/texts.en";
import dataArea from "~/contracts/data-area/texts.en";
import trafficGuides from "~/contracts/traffic-guides/texts.en";
import reservations from "~/contracts/reservations/texts.en";
import epidemic from "~/contracts/epidemic/texts.en";
import deliveryLog from "~/contracts/delivery-log/texts.en";
import exhibitionSettings from "~/contracts/exhibition-settings/texts.en";
import logisticsSettings from "~/contracts/logistics-settings/texts.en";
import catalogueSettings from "~/contracts/catalogue-settings/texts.en";
import setup from "~/contracts/setup/texts.en";

/** Every English text: the core groups and each feature's (the server's; a page in the browser loads its own, docs/decisions/022). */
const en = {
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

export default en;
export type Resource = typeof en;
