// How every browser-driving tool here launches Chromium: Debian's build (never a downloaded
// browser), headless, with background networking off — on a machine with no internet access,
// Chromium's own connections would otherwise be refused many times at every start.
// --disable-background-networking does not stop them all: filling a form still looked up
// content-autofill.googleapis.com, accounts.google.com and update.googleapis.com through the
// machine's name server (78 DNS queries in one run of admin-database.spec.ts, seen with
// strace). Every host name except the loopback ones therefore resolves to nothing, inside
// Chromium, so no browser test reaches anything but 127.0.0.1.
//
// No --disable-features here: Chromium keeps only the last of a repeated switch, and the
// launchers (Playwright, Lighthouse's chrome-launcher) put their own list first, so ours would
// silently replace theirs (Playwright's turns off PaintHolding, HTTPS upgrades and more that its
// tests rely on). What ours turned off (autofill and optimisation-hint requests) can reach no
// host anyway under the resolver rule below.

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
  '--disable-domain-reliability',
  '--no-pings',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];
