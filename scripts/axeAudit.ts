/**
 * The accessibility audit of the screenshot pages (`npm run screenshots`): axe-core, run in the page over the shot,
 * and the findings that are the plugin's. What the test page itself causes (it is not Obsidian: no <main>, no
 * <title>, no lang on <html>) is listed here and excluded by rule, and only that.
 */
import type { AxeResults, Result } from 'axe-core';

/** Rules about the page around the component, which Obsidian's own document provides and the test page does not. */
export const PAGE_RULES: Readonly<Record<string, string>> = {
  'document-title': 'the test page has no <title>; Obsidian has one',
  'html-has-lang': 'the test page sets no lang on <html>; Obsidian does',
  'landmark-one-main': "the test page has no <main>; Obsidian's workspace is the landmark structure",
  region:
    'the test page puts the component straight into <body>, outside any landmark; in Obsidian it sits in a workspace leaf',
  'page-has-heading-one': "the test page has no <h1>; Obsidian's window does not need one for a sidebar view",
};

/**
 * Elements the page styles as Obsidian would, for one rule: Obsidian's call-to-action button (`button.mod-cta`) is
 * white on the theme's accent, 4.25:1 in the default light theme and 3.9:1 in dark. The plugin only puts the class
 * on its main button, as Obsidian's own dialogs do; the colours are the theme's.
 */
export const PAGE_ELEMENTS: readonly { rule: string; html: RegExp; why: string }[] = [
  {
    rule: 'color-contrast',
    html: /^<button\b[^>]*\bclass="[^"]*\bmod-cta\b/,
    why: "Obsidian's call-to-action button, coloured by the theme",
  },
];

export interface Finding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** The serious and critical findings that are the plugin's, one per rule with every element it names. */
export function blockingFindings(results: Pick<AxeResults, 'violations'>): Finding[] {
  return results.violations
    .filter(
      (violation: Result) =>
        !(violation.id in PAGE_RULES) && (violation.impact === 'serious' || violation.impact === 'critical'),
    )
    .map((violation) => ({
      ...violation,
      nodes: violation.nodes.filter(
        (node) => !PAGE_ELEMENTS.some((page) => page.rule === violation.id && page.html.test(node.html)),
      ),
    }))
    .filter((violation) => violation.nodes.length > 0)
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      targets: violation.nodes.map((node) => `${node.target.join(' ')}${contrastOf(node.any[0]?.data)}`),
    }));
}

/** "serious color-contrast: Elements must meet minimum color contrast ratio thresholds (.a, .b)". */
export function describeFinding(finding: Finding): string {
  return `${finding.impact} ${finding.rule}: ${finding.help} (${finding.targets.slice(0, 8).join(', ')}${finding.targets.length > 8 ? `, and ${finding.targets.length - 8} more` : ''})`;
}

/** " [2.85:1, #999999 on #ffffff]" for a contrast finding, so the fix can pick a variable that passes. */
function contrastOf(data: unknown): string {
  const contrast = data as { contrastRatio?: number; fgColor?: string; bgColor?: string } | undefined;
  return contrast?.contrastRatio ? ` [${contrast.contrastRatio}:1, ${contrast.fgColor} on ${contrast.bgColor}]` : '';
}
