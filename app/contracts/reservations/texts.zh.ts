import type { Resource } from "~/contracts/i18n/locales/en";

/** reservations texts (zh), issue 41: Business reservations. */
const reservations: Resource["reservations"] = {
  title: "Business reservations",
};

export default reservations;
