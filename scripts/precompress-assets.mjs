// Part of `npm run build`: every fingerprinted script and style sheet in public/build gets a
// brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside it, so the server sends them as they
// are and never compresses an asset per request (server/remix/precompressed-assets.ts, decision 041).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const root = path.resolve(process.argv[2] ?? "public/build");
const COMPRESSIBLE = /\.(?:js|css|map|json|svg)$/;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let count = 0;
let bytes = 0;
let brotliBytes = 0;
for (const file of files(root)) {
  const source = fs.readFileSync(file);
  const brotli = zlib.brotliCompressSync(source, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length },
  });
  fs.writeFileSync(`${file}.br`, brotli);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
  count++;
  bytes += source.length;
  brotliBytes += brotli.length;
}
console.log(`precompressed ${count} assets: ${(bytes / 1024).toFixed(0)} KB, ${(brotliBytes / 1024).toFixed(0)} KB as brotli`);
