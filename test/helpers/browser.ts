// Browser tests' common ground: Debian's Chromium (the `chromium` package; CHROMIUM_PATH overrides) driven by
// playwright-core. Nothing downloads a browser; a machine without one fails and says what to install.
// Screenshots go to .artifacts/browser/ (printed), to be looked at.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import jsQR from 'jsqr';
import { chromium, type Browser, type Page } from 'playwright-core';

const ARTIFACTS = path.resolve('.artifacts/browser');

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter((p): p is string => Boolean(p));
  const found = candidates.find((p) => existsSync(p));
  assert.ok(found, `no Chromium found (looked at ${candidates.join(', ')}): install Debian's package with \`apt-get install chromium\` (.ci/run does), or set CHROMIUM_PATH`);
  return found;
}

export function launchChromium(): Promise<Browser> {
  mkdirSync(ARTIFACTS, { recursive: true });
  return chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-dev-shm-usage'] });
}

/** The whole page, or only what the window shows (`fullPage: false`, for a page as long as a reference). */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true });
  console.log(`# screenshot: ${file}`);
}

/**
 * What the QR code the page drew says, read the way a phone's camera reads it: Chromium rasterizes the SVG it shows
 * onto a canvas, and jsQR (a kept decoder, nothing of ours) decodes the pixels.
 */
export async function decodeDrawnQr(page: Page): Promise<string | null> {
  // Runs in the page (a string, as this project's TypeScript has no DOM types).
  const image = (await page.evaluate(`(async () => {
    const size = 400;
    const svg = document.querySelector('[data-testid="qr"] svg');
    const img = new Image();
    img.src = 'data:image/svg+xml;base64,' + btoa(unescape(encodeURIComponent(new XMLSerializer().serializeToString(svg))));
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, size, size);
    ctx.drawImage(img, 0, 0, size, size);
    return { width: size, height: size, data: Array.from(ctx.getImageData(0, 0, size, size).data) };
  })()`)) as { width: number; height: number; data: number[] };
  return decodeQr(Uint8ClampedArray.from(image.data), image.width, image.height)?.data ?? null;
}

/** jsQR's default export (a CommonJS function; its types declare it as the module's `default`). */
const decodeQr = jsQR as unknown as (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
