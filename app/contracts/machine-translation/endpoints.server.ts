import { endpoint } from "../api/endpoint";
import { machineTranslationSchema, type MachineTranslation } from "./schema";

/** Machine translation for the bilingual form fields (not the portal's own texts: those are i18n). */
export const machineTranslationEndpoints = {
  translate: endpoint.postJson("/translate", machineTranslationSchema).answers<MachineTranslation>(),
};
