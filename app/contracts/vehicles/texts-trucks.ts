import { registerTexts } from "~/contracts/i18n/text-registry";
import en from "./texts-trucks.en";
import zh from "./texts-trucks.zh";

registerTexts("vehicles.trucks", zh, en);
