import type { Language } from "../../../app/contracts/i18n/config";
import { type CommonImageInput, exhibitionHeader, gradient, label, place, qrPanel, THEMES } from "./common";
import { h, IMAGE_HEIGHT, IMAGE_WIDTH, img, type Node, textBlock } from "./engine";

/**
 * The three posters of the home pages (750 × 1334, server/seed/home-content.ts describes them):
 * - micro: the company, its booth and the QR code, in both languages, for social media;
 * - zh: the Chinese invitation poster: the exhibition's name, days and venue, the company's Chinese
 *   name (the English one when it has none), hall and booth, the QR code;
 * - en: the same in English, with the company's English name (the Chinese one when none is given).
 */
export type PosterKind = "micro" | "zh" | "en";
export type PosterInput = CommonImageInput & { kind: PosterKind; companyZh: string; companyEn: string };

const SIDE = 40;
const FOOTER = 330;

const frame = (kind: PosterKind, ...children: (Node | null)[]) =>
  h(
    "div",
    { position: "relative", flexDirection: "column", width: IMAGE_WIDTH, height: IMAGE_HEIGHT, backgroundImage: gradient(THEMES[kind]), overflow: "hidden" },
    ...children,
  );

function microPoster(input: PosterInput): Node {
  const theme = THEMES.micro;
  const main = input.companyZh || input.companyEn;
  const other = input.companyEn && input.companyEn !== main ? input.companyEn : null;
  return frame(
    "micro",
    exhibitionHeader(input, ["zh", "en"], { height: 300, padding: `56px ${SIDE}px 0`, overflow: "hidden" }),
    h(
      "div",
      {
        flexDirection: "column",
        alignItems: "center",
        justifyContent: "center",
        height: 520,
        margin: `0 ${SIDE}px`,
        padding: "28px 36px",
        gap: 14,
        backgroundColor: "#ffffff",
        borderRadius: 24,
        overflow: "hidden",
        textAlign: "center",
      },
      textBlock(label("bilingual", "visitUs"), { fontSize: 26, color: theme.accent, lineHeight: 1.3 }, 1),
      textBlock(main, { fontSize: 46, fontWeight: 700, color: "#1a1a1a", lineHeight: 1.25 }, other ? 3 : 4),
      other ? textBlock(other, { fontSize: 26, color: "#555555", lineHeight: 1.3 }, 2) : null,
      textBlock(place(input.booth, "zh"), { fontSize: 40, fontWeight: 700, color: theme.accent, lineHeight: 1.3 }, 1),
      textBlock(place(input.booth, "en"), { fontSize: 26, fontWeight: 700, color: theme.accent, lineHeight: 1.3 }, 1),
    ),
    h(
      "div",
      {
        position: "absolute",
        left: 0,
        bottom: 0,
        width: IMAGE_WIDTH,
        height: 480,
        flexDirection: "column",
        alignItems: "center",
        justifyContent: "center",
        gap: 18,
      },
      h("div", { padding: 12, backgroundColor: "#ffffff", borderRadius: 16 }, img(input.qr, { width: 320, height: 320, objectFit: "contain" })),
      textBlock(label("bilingual", "scan"), { fontSize: 26, fontWeight: 700, color: "#ffffff", lineHeight: 1.3, textAlign: "center" }, 2),
    ),
  );
}

function invitationPoster(input: PosterInput, language: Language): Node {
  const theme = THEMES[language];
  const company = language === "zh" ? input.companyZh || input.companyEn : input.companyEn || input.companyZh;
  return frame(
    language,
    h(
      "div",
      { flexDirection: "column", padding: `64px ${SIDE}px 0`, gap: 16, height: 520, overflow: "hidden" },
      textBlock(
        label(language, "invitation"),
        { fontSize: language === "zh" ? 88 : 72, fontWeight: 700, color: "#ffffff", letterSpacing: language === "zh" ? 24 : 8, lineHeight: 1.2 },
        1,
      ),
      exhibitionHeader(input, [language]),
    ),
    h(
      "div",
      {
        flexDirection: "column",
        justifyContent: "center",
        height: 420,
        margin: `0 ${SIDE}px`,
        padding: "28px 36px",
        gap: 16,
        backgroundColor: "rgba(255,255,255,0.96)",
        borderRadius: 24,
        overflow: "hidden",
      },
      textBlock(label(language, "invite"), { fontSize: 28, color: theme.accent, lineHeight: 1.3 }, 1),
      textBlock(company, { fontSize: 48, fontWeight: 700, color: "#1a1a1a", lineHeight: 1.25 }, 3),
      textBlock(place(input.booth, language), { fontSize: 34, fontWeight: 700, color: theme.accent, lineHeight: 1.3 }, 2),
    ),
    qrPanel(input, language, theme, 260, { position: "absolute", left: 0, bottom: 0, width: IMAGE_WIDTH, height: FOOTER }),
  );
}

export function posterLayout(input: PosterInput): Node {
  return input.kind === "micro" ? microPoster(input) : invitationPoster(input, input.kind);
}
