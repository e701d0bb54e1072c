// Every folder beside this file stands in for a browser-only dependency of a server package
// (see README.md here). Node never loads them; loading one is a bug, so it fails loudly.
throw new Error(
  'This package is a stand-in for browser-only code Cutout never runs on the server (tools/node-only/README.md).',
);
