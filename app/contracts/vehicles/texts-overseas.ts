import { registerTexts } from "~/contracts/i18n/text-registry";
import en from "./texts-overseas.en";
import zh from "./texts-overseas.zh";

registerTexts("vehicles.overseas", zh, en);
