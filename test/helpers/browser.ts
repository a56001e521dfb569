// Browser tests' common ground: Debian's Chromium (the `chromium` package; CHROMIUM_PATH overrides) driven by
// playwright-core. Nothing downloads a browser; a machine without one fails and says what to install.
// Screenshots go to .artifacts/browser/ (printed), to be looked at.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
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
