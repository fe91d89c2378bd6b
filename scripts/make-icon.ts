// npm run make-icon: renders build/icon.svg with Chromium into every icon electron-builder needs,
// so that packaging never has to convert a PNG (that downloads a tool, which fails offline):
//   build/icon.png                 1024 × 1024
//   build/icons/NxN.png            the Linux icon set
//   build/icon.ico                 Windows: PNG entries 16–256 (the Vista+ form)
//   build/icon.icns                macOS: PNG entries 16–1024
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { launchBrowser } from './ui/browser.ts';

const svg = readFileSync('build/icon.svg', 'utf8');
const browser = await launchBrowser();
const png = new Map<number, Buffer>();
for (const size of [16, 24, 32, 48, 64, 128, 256, 512, 1024]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
  );
  png.set(size, await page.screenshot({ omitBackground: true }));
  await page.close();
}
await browser.close();

/** ICO: a directory of entries, each a whole PNG file (width/height 0 means 256). */
function ico(sizes: number[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(sizes.length, 4);
  const directory = Buffer.alloc(16 * sizes.length);
  let offset = header.length + directory.length;
  sizes.forEach((size, index) => {
    const data = png.get(size)!;
    const entry = index * 16;
    directory[entry] = size >= 256 ? 0 : size;
    directory[entry + 1] = size >= 256 ? 0 : size;
    directory.writeUInt16LE(1, entry + 4); // colour planes
    directory.writeUInt16LE(32, entry + 6); // bits per pixel
    directory.writeUInt32LE(data.length, entry + 8);
    directory.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, directory, ...sizes.map((size) => png.get(size)!)]);
}

/** ICNS: 'icns' + length, then typed chunks (type, length including the 8-byte head, PNG data). */
function icns(entries: [string, number][]): Buffer {
  const chunks = entries.map(([type, size]) => {
    const data = png.get(size)!;
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(data.length + 8, 4);
    return Buffer.concat([head, data]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + chunks.reduce((sum, chunk) => sum + chunk.length, 0), 4);
  return Buffer.concat([head, ...chunks]);
}

writeFileSync('build/icon.png', png.get(1024)!);
mkdirSync('build/icons', { recursive: true });
for (const size of [16, 32, 48, 64, 128, 256, 512, 1024])
  writeFileSync(`build/icons/${size}x${size}.png`, png.get(size)!);
writeFileSync('build/icon.ico', ico([16, 24, 32, 48, 64, 128, 256]));
writeFileSync(
  'build/icon.icns',
  icns([
    ['icp4', 16],
    ['icp5', 32],
    ['icp6', 64],
    ['ic07', 128],
    ['ic08', 256],
    ['ic09', 512],
    ['ic10', 1024],
  ]),
);
console.log('wrote build/icon.png, build/icons/, build/icon.ico, build/icon.icns');
