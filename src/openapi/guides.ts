/** Where the service serves the repository's guides (docs/*.md), so the reference's links to them open. */
export const GUIDES_PATH = '/docs/guides';

/** A Markdown link to docs/<name>.md as the service serves it. */
export function guideLink(name: string): string {
  return `[docs/${name}.md](${GUIDES_PATH}/${name}.md)`;
}
