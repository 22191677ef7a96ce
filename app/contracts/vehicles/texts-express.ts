import { registerTexts } from "~/contracts/i18n/text-registry";
import en from "./texts-express.en";
import zh from "./texts-express.zh";

registerTexts("vehicles.express", zh, en);
