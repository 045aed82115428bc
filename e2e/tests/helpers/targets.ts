import type { Locator } from '@playwright/test';

/**
 * Every link, button, field, select and disclosure (a `<summary>`) inside `area` that a person can see and is
 * less than 44 px tall (a thumb's target). Seen: rendered, and not folded away (a closed `<details>` keeps its
 * fields laid out but hidden, which only `checkVisibility` tells).
 */
export const smallTargets = (area: Locator) =>
  area.locator('a, button, input, select, textarea, summary').evaluateAll((elements) =>
    elements
      .filter((element) => element.checkVisibility())
      .map((element) => ({
        text: element.textContent?.trim() || element.getAttribute('aria-label') || element.id,
        height: Math.round(element.getBoundingClientRect().height),
      }))
      .filter((target) => target.height < 44),
  );
