import core from "./en-core";
import home from "~/features/home/texts.en";
import settings from "~/features/settings/texts.en";
import uploads from "~/features/uploads/texts.en";
import exhibitor from "~/features/exhibitor/texts.en";
import orders from "~/features/orders/texts.en";
import bookingForms from "~/features/booking-forms/texts.en";
import contractors from "~/features/contractors/texts.en";
import badges from "~/features/badges/texts.en";
import boothConstruction from "~/features/booth-construction/texts.en";
import invoices from "~/features/invoices/texts.en";
import transport from "~/features/transport/texts.en";
import vehicles from "~/features/vehicles/texts.en";

/** Every English text: the core groups and each feature's (the server's; a page in the browser loads its own, docs/decisions/022). */
const en = { ...core, home, settings, uploads, exhibitor, orders, bookingForms, contractors, badges, boothConstruction, invoices, transport, vehicles };

export default en;
export type Resource = typeof en;
