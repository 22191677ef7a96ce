import { registerTexts } from "~/contracts/i18n/text-registry";
import en from "./texts.en";
import zh from "./texts.zh";

registerTexts("vehicles.taiwan", zh, en);
