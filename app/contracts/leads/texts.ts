import { registerTexts } from "~/contracts/i18n/text-registry";
import en from "./texts.en";
import zh from "./texts.zh";

// Imported by every module that shows these texts, so a page carries its own area's texts (docs/decisions/022).
registerTexts("leads", zh, en);
