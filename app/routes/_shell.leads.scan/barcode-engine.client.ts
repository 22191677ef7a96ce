import { BarcodeDetector as ZXingBarcodeDetector, prepareZXingModule } from "barcode-detector/ponyfill";
// The file loader of Remix's compiler copies the .wasm into public/build/_assets and gives its URL:
// ZXing is served by this server, never by the package's default CDN (docs/decisions/071).
import zxingReaderWasm from "zxing-wasm/reader/zxing_reader.wasm";

/**
 * The QR reader of the scan page, loaded only when its camera starts (a dynamic import: no other page,
 * and not this page's first load, carries it). The browser's own BarcodeDetector where it reads QR
 * codes (Chrome on Android, macOS), else ZXing in WebAssembly through the `barcode-detector` ponyfill.
 */
export type QrReader = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };

type NativeDetector = {
  new (options: { formats: string[] }): QrReader;
  getSupportedFormats(): Promise<string[]>;
};

let prepared = false;

export async function createQrReader(): Promise<QrReader> {
  const native = (globalThis as { BarcodeDetector?: NativeDetector }).BarcodeDetector;
  if (native && (await native.getSupportedFormats().catch(() => [] as string[])).includes("qr_code")) return new native({ formats: ["qr_code"] });
  if (!prepared) {
    prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? new URL(zxingReaderWasm, window.location.href).href : prefix + path),
      },
    });
    prepared = true;
  }
  return new ZXingBarcodeDetector({ formats: ["qr_code"] });
}
