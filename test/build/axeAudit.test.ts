import type { AxeResults, NodeResult, Result } from 'axe-core';
import { describe, expect, it } from 'vitest';
import { blockingFindings } from '../../scripts/axeAudit';

const node = (html: string, target: string): NodeResult => ({ html, target: [target], any: [], all: [], none: [] });
const violation = (id: string, impact: Result['impact'], nodes: NodeResult[]): Result =>
  ({ id, impact, help: `help for ${id}`, nodes }) as unknown as Result;
const results = (...violations: Result[]): Pick<AxeResults, 'violations'> => ({ violations });

describe("the screenshot pages' accessibility audit", () => {
  it("should keep the plugin's serious and critical findings, every element of them", () => {
    const found = blockingFindings(
      results(
        violation('label', 'critical', [node('<input type="checkbox">', '.a > input'), node('<input>', '.b > input')]),
      ),
    );
    expect(found).toEqual([
      { rule: 'label', impact: 'critical', help: 'help for label', targets: ['.a > input', '.b > input'] },
    ]);
  });

  it('should leave out minor and moderate findings, and the rules about the page around the component', () => {
    expect(
      blockingFindings(
        results(
          violation('region', 'moderate', [node('<div>', 'div')]),
          violation('document-title', 'serious', [node('<html>', 'html')]),
          violation('x', 'minor', [node('<p>', 'p')]),
        ),
      ),
    ).toEqual([]);
  });

  it("should leave out the contrast of Obsidian's call-to-action button only, not the plugin's text beside it", () => {
    const found = blockingFindings(
      results(
        violation('color-contrast', 'serious', [
          node('<button class="mod-cta" type="button">Approve</button>', '.mod-cta'),
          node('<span class="embedded-agent-note">x</span>', '.embedded-agent-note'),
        ]),
      ),
    );
    expect(found.map((finding) => finding.targets)).toEqual([['.embedded-agent-note']]);
    expect(
      blockingFindings(
        results(violation('button-name', 'critical', [node('<button class="mod-cta"></button>', '.mod-cta')])),
      ),
    ).toHaveLength(1);
  });
});
