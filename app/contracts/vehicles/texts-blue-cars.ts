import { registerTexts } from "~/contracts/i18n/text-registry";
import en from "./texts-blue-cars.en";
import zh from "./texts-blue-cars.zh";

registerTexts("vehicles.blueCars", zh, en);
