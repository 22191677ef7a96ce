import { registerTexts } from "~/contracts/i18n/text-registry";
import en from "./texts-common.en";
import zh from "./texts-common.zh";

// What every vehicles page shows; each page's own texts register from <kind>/texts.ts (docs/decisions/022).
registerTexts("vehicles", zh, en);
