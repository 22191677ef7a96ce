import QRCode from "qrcode";

/**
 * The QR code of an image: the tracking link (server/promotion/tracking.ts) as qrcode's SVG, placed
 * as an image (decision 031). Error correction M and the standard quiet zone of 4 modules keep it
 * readable when printed small or photographed off a screen.
 */
export async function qrDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 4, color: { dark: "#000000", light: "#ffffff" } });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
