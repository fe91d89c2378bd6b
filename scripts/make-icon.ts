// Renders build/icon.svg to build/icon.png (1024 × 1024, transparent corners) with Chromium.
// electron-builder derives the Windows .ico and the macOS .icns from that PNG.
import { readFileSync } from 'node:fs';
import { launchBrowser } from './ui/browser.ts';

const svg = readFileSync('build/icon.svg', 'utf8');
const browser = await launchBrowser();
const page = await browser.newPage({ viewport: { width: 1024, height: 1024 } });
await page.setContent(
  `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', '<svg width="1024" height="1024" ')}</body></html>`,
);
await page.screenshot({ path: 'build/icon.png', omitBackground: true });
await browser.close();
console.log('wrote build/icon.png');
