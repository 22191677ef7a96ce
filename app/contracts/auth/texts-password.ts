import { registerTexts } from "~/contracts/i18n/text-registry";
import en from "./texts-password.en";
import zh from "./texts-password.zh";

// Imported by every module that shows these texts, so a page carries its own texts (docs/decisions/022).
registerTexts("passwordLinks", zh, en);
