import { registerTexts } from "~/i18n/texts";
import en from "./texts-express.en";
import zh from "./texts-express.zh";

registerTexts("vehicles.express", zh, en);
