import QRCode from "qrcode";

/** The QR page's link as an SVG image (a data URL), drawn on the server so it shows without JavaScript. */
export async function qrImageOf(link: string) {
  const svg = await QRCode.toString(link, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
