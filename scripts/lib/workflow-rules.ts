// The rules .github/workflows keeps (test/release/workflows.test.ts applies them): every action
// pinned by a full commit SHA (a tag can be moved to other code, a commit cannot), and the OIDC
// token (`id-token`) granted only where it is meant to be. Read line by line: the workflows are
// plain block YAML, and this keeps a YAML parser out of the dependencies.

const PINNED = /^[\w.-]+\/[\w./-]+@[0-9a-f]{40}(?:\s+#\s*\S+)?$/;

export interface Finding {
  line: number;
  problem: string;
}

/** `uses:` values not pinned to a 40-hex commit SHA (a local `./` action needs no pin). */
export function unpinnedActions(yaml: string): Finding[] {
  const findings: Finding[] = [];
  yaml.split('\n').forEach((text, i) => {
    const uses = /^\s*(?:-\s+)?uses:\s*(.*?)\s*$/.exec(text)?.[1];
    if (uses === undefined || uses.startsWith('./')) return;
    const value = uses.replace(/^(['"])(.*)\1/, '$2');
    if (!PINNED.test(value)) findings.push({ line: i + 1, problem: `not pinned to a commit SHA: ${value}` });
  });
  return findings;
}

/** Where `id-token:` is granted: `top` for the workflow's default, else the job's name. */
export function idTokenGrants(yaml: string): string[] {
  const grants: string[] = [];
  let section = '';
  let job = '';
  for (const line of yaml.split('\n')) {
    const text = line.replace(/(^|\s)#.*$/, '');
    const top = /^([\w-]+):/.exec(text)?.[1];
    if (top !== undefined) {
      section = top;
      job = '';
      continue;
    }
    const jobName = section === 'jobs' ? /^ {2}([\w-]+):\s*$/.exec(text)?.[1] : undefined;
    if (jobName !== undefined) job = jobName;
    // Any spelling of the grant: `write` in a block, a flow mapping, or `write-all`.
    if (/\bid-token\s*:/.test(text) || /^\s*permissions:\s*write-all\b/.test(text)) {
      grants.push(section === 'jobs' ? job : 'top');
    }
  }
  return grants;
}

/** The workflow's default permissions block, one `key: value` a line. */
export function topPermissions(yaml: string): string[] {
  const lines = yaml.split('\n');
  const start = lines.findIndex((text) => /^permissions:/.test(text));
  if (start < 0) return [];
  const inline = /^permissions:\s*(\S.*)$/.exec(lines[start] as string)?.[1];
  if (inline !== undefined) return [inline];
  const block: string[] = [];
  for (const text of lines.slice(start + 1)) {
    if (!/^\s+\S/.test(text)) break;
    block.push(text.replace(/#.*$/, '').trim());
  }
  return block.filter(Boolean);
}
