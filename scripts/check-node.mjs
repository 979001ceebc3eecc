// Fails an install on a Node older than the project's runtime, with the way out. Plain JS: it must run on Node 20.
const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  console.error(
    `Vitrine needs Node.js 24; this is ${process.version}. Run "bash scripts/setup-node.sh" first (it installs Node 24 from npm).`,
  );
  process.exit(1);
}
