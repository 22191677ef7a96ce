import type { Resource } from "~/contracts/i18n/locales/en";

/** epidemic texts (zh), issue 41: The epidemic declaration. */
const epidemic: Resource["epidemic"] = {
  title: "The epidemic declaration",
};

export default epidemic;
