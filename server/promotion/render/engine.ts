import { PDFDocument } from "pdf-lib";
import { loadOnce } from "../../load-once";
import { FONT_FAMILY, loadRenderFonts } from "./fonts";

/**
 * The image engine (decision 031): a layout tree (satori's React-like objects; server code has no
 * JSX) → SVG with the text as paths (satori) → PNG (resvg, off the event loop) → optionally a PDF
 * page of the same proportions holding the PNG (pdf-lib).
 */
export const IMAGE_WIDTH = 750;
export const IMAGE_HEIGHT = 1334;

export type Style = Record<string, string | number>;
export type Node = { type: string; props: Record<string, unknown> & { style?: Style; children?: Child | Child[] } };
type Child = Node | string | null | false;

/**
 * One element: `h("div", { fontSize: 20 }, "text", h(...))`; false and null children are left out.
 * Boxes never shrink below their content: what does not fit is cut off at a box's edge (overflow
 * hidden), never squeezed into the text above it.
 */
export function h(type: string, style: Style, ...children: Child[]): Node {
  const kept = children.filter((c): c is Node | string => c !== null && c !== false);
  return { type, props: { style: { display: "flex", boxSizing: "border-box", flexShrink: 0, ...style }, children: kept.length === 1 ? kept[0] : kept } };
}

/** A text block: at most `lines` lines, cut with an ellipsis (satori measures and wraps it). */
export function textBlock(text: string, style: Style, lines: number): Node {
  return {
    type: "div",
    props: {
      style: {
        display: "block",
        boxSizing: "border-box",
        flexShrink: 0,
        lineClamp: lines,
        textOverflow: "ellipsis",
        overflow: "hidden",
        wordBreak: "break-word",
        ...style,
      },
      children: text,
    },
  };
}

/** An image filling its box; `src` is a data URL. */
export function img(src: string, style: Style & { width: number; height: number }): Node {
  return { type: "img", props: { src, width: style.width, height: style.height, style: { objectFit: "cover", ...style } } };
}

/** satori and resvg, loaded with the first render. */
const loadEngines = loadOnce(async () => {
  const [{ default: satori }, { renderAsync }] = await Promise.all([import("satori"), import("@resvg/resvg-js")]);
  return { satori, renderAsync };
});

// Renders run one at a time: each holds a few tens of MB and keeps a core busy; the machine has two.
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

/** The tree as a 750 × 1334 PNG. */
export function renderPng(tree: Node): Promise<Uint8Array> {
  return oneAtATime(async () => {
    const [fonts, { satori, renderAsync }] = await Promise.all([loadRenderFonts(), loadEngines()]);
    const svg = await satori(
      { type: "div", props: { style: { display: "flex", width: IMAGE_WIDTH, height: IMAGE_HEIGHT, fontFamily: FONT_FAMILY }, children: tree } } as never,
      { width: IMAGE_WIDTH, height: IMAGE_HEIGHT, fonts: fonts.satori, loadAdditionalAsset: async () => [] },
    );
    const rendered = await renderAsync(svg, { fitTo: { mode: "original" }, font: { loadSystemFonts: false }, logLevel: "off" });
    return new Uint8Array(rendered.asPng());
  });
}

/** A one-page PDF of the PNG's proportions (1 px = 0.75 pt: 562.5 × 1000.5 pt for 750 × 1334). */
export async function pngToPdf(png: Uint8Array, title: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setCreator("Exhibitor Portal");
  const image = await pdf.embedPng(png);
  const width = image.width * 0.75;
  const height = image.height * 0.75;
  pdf.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
  return pdf.save();
}
