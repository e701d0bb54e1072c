// How every browser-driving tool here launches Chromium: Debian's build (never a downloaded
// browser), headless, with background networking off — on a machine with no internet access,
// Chromium's own connections would otherwise be refused many times at every start.

export const chromiumExecutable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
