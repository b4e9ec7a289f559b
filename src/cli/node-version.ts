/** The oldest Node the package supports (package.json `engines`). */
const MINIMUM = [22, 12] as const;

/** A one-line refusal when this Node is older than the package supports, else undefined. */
export function unsupportedNode(version: string = process.versions.node): string | undefined {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  if (major > MINIMUM[0] || (major === MINIMUM[0] && minor >= MINIMUM[1])) return undefined;
  return `credit-platform needs Node ${MINIMUM.join('.')} or newer; this is Node ${version}. Install a current Node (https://nodejs.org), then run it again.`;
}
