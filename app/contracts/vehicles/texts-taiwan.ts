import { registerTexts } from "~/contracts/i18n/text-registry";
import en from "./texts-taiwan.en";
import zh from "./texts-taiwan.zh";

registerTexts("vehicles.taiwan", zh, en);
