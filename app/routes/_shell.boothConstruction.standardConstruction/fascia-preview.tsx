import { useTranslation } from "~/i18n/texts";
import { FASCIA_HEIGHT_MM, FASCIA_WIDTH_MM, fasciaTextScale } from "~/contracts/booth-construction/fascia-rules";
import "~/contracts/booth-construction/texts";

/**
 * The standard fascia board to scale (2400 × 950 mm, one SVG unit a millimetre): the Chinese name
 * large, the English name under it, as the organizer's builder letters it. Rendered on the server,
 * so it shows without JavaScript; with it, it follows what is typed.
 */
export function FasciaPreview({ nameZh, nameEn, boothNo }: { nameZh: string; nameEn: string; boothNo: string }) {
  const { t } = useTranslation();
  const zhSize = fasciaTextScale(nameZh, FASCIA_WIDTH_MM, 300);
  const enSize = fasciaTextScale(nameEn, FASCIA_WIDTH_MM, 150);
  const hasEn = nameEn.trim() !== "";
  // English only (an overseas exhibitor): its one line where the Chinese name would stand.
  const hasZh = nameZh.trim() !== "";
  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${FASCIA_WIDTH_MM} ${FASCIA_HEIGHT_MM}`}
        role="img"
        aria-label={`${t("boothConstruction.standard.preview")}: ${nameZh} ${nameEn}`}
        data-testid="fascia-preview"
        style={{ width: "100%", maxWidth: 600, display: "block", border: "1px solid var(--mantine-color-gray-5)", background: "#fff" }}
      >
        <text x={FASCIA_WIDTH_MM / 2} y={hasEn ? 480 : 560} textAnchor="middle" fontSize={zhSize} fontWeight={700} fill="#1a1b1e">
          {nameZh}
        </text>
        {hasEn ? (
          <text x={FASCIA_WIDTH_MM / 2} y={hasZh ? 720 : 560} textAnchor="middle" fontSize={enSize} fill="#1a1b1e">
            {nameEn}
          </text>
        ) : null}
        <text x={FASCIA_WIDTH_MM - 60} y={FASCIA_HEIGHT_MM - 50} textAnchor="end" fontSize={90} fill="#495057">
          {boothNo}
        </text>
      </svg>
      <figcaption style={{ fontSize: "var(--mantine-font-size-xs)", color: "var(--mantine-color-dimmed)" }}>
        {t("boothConstruction.standard.preview")} · {FASCIA_WIDTH_MM} × {FASCIA_HEIGHT_MM} mm
      </figcaption>
    </figure>
  );
}
