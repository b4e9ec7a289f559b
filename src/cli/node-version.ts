/** The oldest Node the package supports (package.json `engines`). */
const MINIMUM = [22, 12] as const;

/** A one-line refusal when this Node is older than the package supports, else undefined. */
export function unsupportedNode(version: string = process.versions.node): string | undefined {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  if (major > MINIMUM[0] || (major === MINIMUM[0] && minor >= MINIMUM[1])) return undefined;
  // The way out that needs no change to the machine's Node is the one this repository takes
  // itself: Node 24 from the registry, as a devDependency or for one run.
  return (
    `credit-platform needs Node ${MINIMUM.join('.')} or newer; this is Node ${version}. Without changing this machine's Node: ` +
    '`npm i -D node@24` in your project (npm scripts and npx then run on Node 24), or `npx -p node@24 credit-platform <command>` ' +
    'for one run. Or install a current Node (https://nodejs.org).'
  );
}
