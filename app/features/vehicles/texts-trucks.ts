import { registerTexts } from "~/i18n/texts";
import en from "./texts-trucks.en";
import zh from "./texts-trucks.zh";

registerTexts("vehicles.trucks", zh, en);
