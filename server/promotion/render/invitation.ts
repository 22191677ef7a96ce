import type { Language } from "../../../app/contracts/i18n/config";
import type { InvitationLanguage } from "../../../app/contracts/promotion/values";
import { type CommonImageInput, exhibitionHeader, gradient, label, place, qrPanel, THEMES } from "./common";
import { h, IMAGE_HEIGHT, IMAGE_WIDTH, img, type Node, textBlock } from "./engine";

/**
 * An invitation image (750 × 1334): the exhibition, the company as the exhibitor set it (with its
 * name in the other language on a bilingual template), hall and booth, the chosen exhibits with
 * their first image, and the QR code; on the template's background when it has one.
 */
export type InvitationImageInput = CommonImageInput & {
  language: InvitationLanguage;
  companyName: string;
  /** The company's name in the other language, shown under it on a bilingual template. */
  companyOther: string | null;
  exhibits: { nameZh: string; nameEn: string; picture: string | null }[];
  background: string | null;
};

const SIDE = 40;
const INNER = IMAGE_WIDTH - 2 * SIDE;
const GAP = 20;
const HEADER = 330;
const COMPANY = 260;
const FOOTER = 300;
/** What is left for the exhibits: 1334 − header − company card − QR panel − the card's margin. */
const EXHIBITS = IMAGE_HEIGHT - HEADER - COMPANY - FOOTER - 24;

const exhibitName = (exhibit: InvitationImageInput["exhibits"][number], language: Language) =>
  language === "zh" ? exhibit.nameZh : exhibit.nameEn || exhibit.nameZh;

function exhibitCard(exhibit: InvitationImageInput["exhibits"][number], language: InvitationLanguage, width: number, pictureHeight: number, oneRow: boolean) {
  const names =
    language === "bilingual"
      ? [exhibitName(exhibit, "zh"), exhibit.nameEn && exhibit.nameEn !== exhibit.nameZh ? exhibit.nameEn : null]
      : [exhibitName(exhibit, language), null];
  return h(
    "div",
    { flexDirection: "column", width, backgroundColor: "#ffffff", borderRadius: 14, overflow: "hidden" },
    exhibit.picture ? img(exhibit.picture, { width, height: pictureHeight }) : h("div", { width, height: pictureHeight, backgroundColor: "#eceff1" }),
    h(
      "div",
      { flexDirection: "column", padding: "8px 12px", gap: 2 },
      textBlock(names[0] ?? "", { fontSize: 22, fontWeight: 700, color: "#222222", lineHeight: 1.3 }, oneRow && !names[1] ? 2 : 1),
      names[1] ? textBlock(names[1], { fontSize: 18, color: "#555555", lineHeight: 1.3 }, 1) : null,
    ),
  );
}

/** One row of up to three exhibits, or two rows for four to six. */
function exhibitsBlock(input: InvitationImageInput): Node | null {
  const exhibits = input.exhibits.slice(0, 6);
  if (!exhibits.length) return null;
  const oneRow = exhibits.length <= 3;
  const perRow = oneRow ? exhibits.length : 3;
  const width = Math.min(Math.floor((INNER - (perRow - 1) * GAP) / perRow), 300);
  const heading = 40;
  const textHeight = input.language === "bilingual" ? 72 : oneRow ? 74 : 46;
  const rowHeight = oneRow ? EXHIBITS - heading : Math.floor((EXHIBITS - heading - GAP) / 2);
  const pictureHeight = Math.max(60, Math.min(width, rowHeight - textHeight));
  return h(
    "div",
    { flexDirection: "column", height: EXHIBITS, padding: `0 ${SIDE}px`, gap: 8, overflow: "hidden" },
    textBlock(label(input.language, "exhibits"), { fontSize: 24, fontWeight: 700, color: "#ffffff", lineHeight: 1.3 }, 1),
    h(
      "div",
      { flexWrap: "wrap", gap: GAP, justifyContent: "center", width: INNER },
      ...exhibits.map((exhibit) => exhibitCard(exhibit, input.language, width, pictureHeight, oneRow)),
    ),
  );
}

function companyCard(input: InvitationImageInput): Node {
  const theme = THEMES[input.language];
  const places = input.language === "bilingual" ? [place(input.booth, "zh"), place(input.booth, "en")] : [place(input.booth, input.language)];
  return h(
    "div",
    {
      flexDirection: "column",
      justifyContent: "center",
      height: COMPANY,
      margin: `0 ${SIDE}px 24px`,
      padding: "20px 32px",
      gap: 8,
      backgroundColor: "rgba(255,255,255,0.95)",
      borderRadius: 20,
      overflow: "hidden",
    },
    textBlock(label(input.language, "invite"), { fontSize: 22, color: theme.accent, lineHeight: 1.3 }, 1),
    textBlock(input.companyName, { fontSize: 36, fontWeight: 700, color: "#1a1a1a", lineHeight: 1.25 }, input.companyOther ? 2 : 3),
    input.companyOther ? textBlock(input.companyOther, { fontSize: 22, color: "#555555", lineHeight: 1.3 }, 1) : null,
    textBlock(places.join("  "), { fontSize: 26, fontWeight: 700, color: theme.accent, lineHeight: 1.3 }, 1),
  );
}

export function invitationLayout(input: InvitationImageInput): Node {
  const theme = THEMES[input.language];
  const languages: Language[] = input.language === "bilingual" ? ["zh", "en"] : [input.language];
  return h(
    "div",
    { position: "relative", flexDirection: "column", width: IMAGE_WIDTH, height: IMAGE_HEIGHT, backgroundImage: gradient(theme), overflow: "hidden" },
    input.background ? img(input.background, { position: "absolute", left: 0, top: 0, width: IMAGE_WIDTH, height: IMAGE_HEIGHT }) : null,
    // Over a background picture, a veil keeps the white text readable.
    input.background
      ? h("div", { position: "absolute", left: 0, top: 0, width: IMAGE_WIDTH, height: IMAGE_HEIGHT, backgroundColor: "rgba(0,0,0,0.35)" })
      : null,
    // Positioned, so it is drawn over the background picture (positioned boxes paint after the others).
    h(
      "div",
      { position: "relative", flexDirection: "column", width: IMAGE_WIDTH },
      h(
        "div",
        { flexDirection: "column", height: HEADER, padding: `44px ${SIDE}px 20px`, gap: 10, overflow: "hidden" },
        textBlock(label(input.language, "invitation", {}, " · "), { fontSize: 24, color: "#ffffff", letterSpacing: 4, opacity: 0.85 }, 1),
        exhibitionHeader(input, languages),
      ),
      companyCard(input),
      exhibitsBlock(input),
    ),
    qrPanel(input, input.language, theme, 236, { position: "absolute", left: 0, bottom: 0, width: IMAGE_WIDTH, height: FOOTER }),
  );
}
