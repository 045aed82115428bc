import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The WCAG 2.0, 2.1 and 2.2 success criteria of levels A and AA, as axe tags them. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * axe-core (the version @axe-core/playwright runs). AxeBuilder injects it again on every call and finishes each
 * run in a blank page of its own: 3–4 s a call here (1.5 s in its legacy mode). Put into every document once
 * (`withAxe`) and run in place, a run takes a few hundred ms, so the 70-odd runs of a11y.spec.ts fit its few
 * minutes; AxeBuilder itself checks the toast (`axeBuilderResults`).
 */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** From now on every document `page` opens has axe in it. */
export const withAxe = (page: Page) => page.addInitScript({ content: AXE_SOURCE });

interface AxeRule {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
}

/** One readable paragraph a failing node: the rule, what it asks, where, the markup and what to fix. */
const readable = (violations: AxeRule[]) =>
  violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help} — ${node.target.join(' ')}\n` +
        `    ${node.html.slice(0, 160)}\n    ${(node.failureSummary ?? '').replace(/\n/g, '\n    ')}`,
    ),
  );

/** What axe's WCAG A/AA rules find wrong on the whole page (axe put there by `withAxe`), readably. */
export async function axeViolations(page: Page): Promise<string[]> {
  const violations = await page.evaluate(async (tags) => {
    const { axe } = window as unknown as {
      axe?: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeRule[] }> };
    };
    if (!axe) throw new Error('axe is not in the page: call withAxe(page) before opening it');
    const found = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    // Plain data out of the page: the nodes' element references stay behind.
    return found.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target, html, failureSummary }) => ({ target, html, failureSummary })),
    }));
  }, WCAG_AA_TAGS);
  return readable(violations);
}

/** @axe-core/playwright's AxeBuilder over the elements `include` selects: its violations (readable), passes and undecided. */
export async function axeBuilderResults(page: Page, include: string) {
  const { violations, passes, incomplete } = await new AxeBuilder({ page })
    .withTags(WCAG_AA_TAGS)
    .include(include)
    .analyze();
  return { violations: readable(violations), passes, incomplete };
}

/** The side a thumb needs (WCAG 2.5.5's 44 CSS px, the issue's bar). */
export const TARGET_PX = 44;

export interface TargetReport {
  /** Targets under 44 × 44 that no exception covers: each `what: w × h`. */
  failing: string[];
  /** Under 44 × 44 but spaced (nothing else within the 44 px circle around them): allowed, listed for the log. */
  spaced: string[];
  /** Excepted as inline links in a sentence. */
  inline: number;
  /** How many targets were measured. */
  measured: number;
}

/**
 * Measures every visible link, button, field, select, text area, disclosure (`<summary>`) and `[role=button]`
 * of the whole page (header, content, footer, a toast if one shows; below the fold too) against WCAG 2.2's
 * target size, at the issue's 44 px. A target passes when
 *  - its box is at least 44 × 44 CSS px (a checkbox or radio: the box around it and its labels, which toggle it
 *    too); or
 *  - it is spaced (WCAG 2.5.8's spacing exception, with the 44 px of 2.5.5 for its 24): a 44 px circle centred
 *    on its box intersects no other target, nor the circle of another undersized target; or
 *  - it is inline (WCAG's "Inline" exception): a link laid out inline in running text (a paragraph, address, list
 *    item, definition, quote or caption) that has words of its own beside it, so its height is the line's.
 * Not visible: `checkVisibility` false (display none, visibility hidden, opacity 0, inside a closed
 * `<details>`), or a box of at most 1 × 1 px (Bootstrap's visually-hidden, e.g. the skip link until focused).
 * No other exception (equivalent control, user-agent control, essential) is applied.
 */
export function measureTargets(page: Page): Promise<TargetReport> {
  return page.evaluate((size) => {
    const SELECTOR =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"]';
    const describe = (element: Element) => {
      const text =
        element.getAttribute('aria-label') ||
        (element as HTMLElement).innerText?.trim() ||
        element.getAttribute('title') ||
        element.getAttribute('name') ||
        element.id ||
        '';
      const tag = element.tagName.toLowerCase();
      const type = element.getAttribute('type');
      return `${tag}${type ? `[type=${type}]` : ''} "${text.replace(/\s+/g, ' ').slice(0, 40)}"`;
    };
    const blockOf = (element: Element): Element | null => {
      for (let up = element.parentElement; up; up = up.parentElement) {
        if (!getComputedStyle(up).display.startsWith('inline')) return up;
      }
      return null;
    };
    // Running text: a paragraph, an address, a list item, a definition, a quote or a caption.
    const TEXT_BLOCKS = new Set(['P', 'ADDRESS', 'LI', 'DD', 'BLOCKQUOTE', 'FIGCAPTION']);
    const inSentence = (element: Element) => {
      if (getComputedStyle(element).display !== 'inline') return false;
      const block = blockOf(element);
      if (!block || !TEXT_BLOCKS.has(block.tagName)) return false;
      const own = (element as HTMLElement).innerText ?? '';
      const around = ((block as HTMLElement).innerText ?? '').replace(own, '');
      // Words of its own beside the link, not only punctuation or another link's text.
      return /\p{L}{2,}/u.test(around);
    };
    const boxOf = (element: Element): DOMRect => {
      const rect = element.getBoundingClientRect();
      const input = element as HTMLInputElement;
      if (!(element instanceof HTMLInputElement) || !['checkbox', 'radio'].includes(input.type) || !input.labels) {
        return rect;
      }
      let [left, top, right, bottom] = [rect.left, rect.top, rect.right, rect.bottom];
      for (const label of Array.from(input.labels)) {
        const around = label.getBoundingClientRect();
        if (around.width === 0 || around.height === 0) continue;
        [left, top] = [Math.min(left, around.left), Math.min(top, around.top)];
        [right, bottom] = [Math.max(right, around.right), Math.max(bottom, around.bottom)];
      }
      return new DOMRect(left, top, right - left, bottom - top);
    };

    const targets = Array.from(document.querySelectorAll(SELECTOR))
      .filter((element) => element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }))
      // A label wrapping its own checkbox is measured as the checkbox's box.
      .map((element) => ({ element, box: boxOf(element) }))
      .filter(({ box }) => box.width > 1 && box.height > 1);
    // Page coordinates: the page's targets below the fold are measured as they lie.
    const [dx, dy] = [window.scrollX, window.scrollY];
    const laid = targets.map(({ element, box }) => ({
      element,
      left: box.left + dx,
      top: box.top + dy,
      right: box.right + dx,
      bottom: box.bottom + dy,
      width: box.width,
      height: box.height,
      cx: box.left + dx + box.width / 2,
      cy: box.top + dy + box.height / 2,
    }));
    const small = (t: (typeof laid)[number]) => t.width < size - 0.5 || t.height < size - 0.5;
    const related = (a: Element, b: Element) => a === b || a.contains(b) || b.contains(a);
    const radius = size / 2;
    const report = { failing: [] as string[], spaced: [] as string[], inline: 0, measured: laid.length };
    for (const target of laid) {
      if (!small(target)) continue;
      if (target.element.tagName === 'A' && inSentence(target.element)) {
        report.inline += 1;
        continue;
      }
      const crowded = laid.some((other) => {
        if (related(other.element, target.element)) return false;
        // The circle against the other target's box: the distance from the centre to the nearest point of it.
        const nx = Math.max(other.left, Math.min(target.cx, other.right));
        const ny = Math.max(other.top, Math.min(target.cy, other.bottom));
        if (Math.hypot(target.cx - nx, target.cy - ny) < radius) return true;
        // The circle against another undersized target's circle.
        return small(other) && Math.hypot(target.cx - other.cx, target.cy - other.cy) < 2 * radius;
      });
      const line = `${describe(target.element)}: ${Math.round(target.width)} × ${Math.round(target.height)}`;
      (crowded ? report.failing : report.spaced).push(line);
    }
    return report;
  }, TARGET_PX);
}
