import { render } from '@testing-library/react';
import { scannerBurst, useScannerBurst } from '../lib/use-scanner-burst';

/** A scanner's burst (keys ≤ 30 ms apart, ≥ 4 of them, then Enter) told apart from a person's typing. */
describe('scannerBurst: the timing rule', () => {
  const feed = (keys: [string, number][]) => {
    const burst = scannerBurst();
    return keys.map(([key, at]) => burst.key(key, at)).filter((code) => code !== null);
  };
  const typed = (text: string, gap: number, start = 1000) =>
    [...text, 'Enter'].map((key, index) => [key, start + index * gap] as [string, number]);

  it('a burst of keys 8 ms apart ending in Enter is a code', () => {
    expect(feed(typed('4006381333931', 8))).toEqual(['4006381333931']);
  });

  it('typing by hand (80 ms apart) is never a code, nor a burst of 3 keys, nor a burst whose Enter comes late', () => {
    expect(feed(typed('4006381333931', 80))).toEqual([]);
    expect(feed(typed('ABC', 8))).toEqual([]);
    const late: [string, number][] = [...typed('ABCDEF', 8).slice(0, -1), ['Enter', 1000 + 5 * 8 + 200]];
    expect(feed(late)).toEqual([]);
  });

  it('a busy page delays some keys: uneven gaps averaging 30 ms or less are still a scan, a quick typist is not', () => {
    const uneven = [0, 5, 50, 12, 45, 8, 30, 20].map((gap, index, gaps) =>
      gaps.slice(0, index + 1).reduce((a, b) => a + b),
    );
    const keys = (times: number[]): [string, number][] =>
      times.map((at, index) => [index === times.length - 1 ? 'Enter' : String(index), at]);
    expect(feed(keys(uneven))).toEqual(['0123456']);
    // Fast for a person (45 ms apart), too slow for a scanner.
    expect(feed(keys([0, 45, 90, 135, 180, 225, 270]))).toEqual([]);
  });

  it('a pause starts a new burst: what was typed before it is not part of the code', () => {
    const keys: [string, number][] = [['x', 0], ['y', 100], ...typed('SP-IP15-BLK', 10, 500)];
    expect(feed(keys)).toEqual(['SP-IP15-BLK']);
  });

  it('two bursts in a row are two codes; a non-printable key in between breaks one', () => {
    expect(feed([...typed('AAAA1', 5, 0), ...typed('BBBB2', 5, 1000)])).toEqual(['AAAA1', 'BBBB2']);
    expect(
      feed([
        ['A', 0],
        ['B', 5],
        ['Shift', 10],
        ['C', 15],
        ['D', 20],
        ['Enter', 25],
      ]),
    ).toEqual([]);
  });
});

describe('useScannerBurst: on the page, not in a field', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  function Watch({ onCode }: { onCode: (code: string) => void }) {
    useScannerBurst(onCode);
    return (
      <div>
        <input aria-label="A field" />
        <button type="button">A button</button>
      </div>
    );
  }

  const press = (target: EventTarget, text: string, gap: number) => {
    const events: KeyboardEvent[] = [];
    for (const key of [...text, 'Enter']) {
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      target.dispatchEvent(event);
      events.push(event);
      jest.advanceTimersByTime(gap);
    }
    return events;
  };

  it('hands a fast burst on the page to onCode and keeps its Enter from the focused button', () => {
    const onCode = jest.fn();
    const { getByRole } = render(<Watch onCode={onCode} />);
    const enter = press(getByRole('button'), '0012345678905', 8).at(-1)!;
    expect(onCode).toHaveBeenCalledWith('0012345678905');
    expect(enter.defaultPrevented).toBe(true);
    press(document.body, '0012345678905', 120);
    expect(onCode).toHaveBeenCalledTimes(1);
  });

  it('leaves a text field its keys, however fast', () => {
    const onCode = jest.fn();
    const { getByRole } = render(<Watch onCode={onCode} />);
    const enter = press(getByRole('textbox'), '0012345678905', 8).at(-1)!;
    expect(onCode).not.toHaveBeenCalled();
    expect(enter.defaultPrevented).toBe(false);
  });

  it('stops watching when unmounted', () => {
    const onCode = jest.fn();
    const { unmount } = render(<Watch onCode={onCode} />);
    unmount();
    press(document.body, 'ABCD1234', 8);
    expect(onCode).not.toHaveBeenCalled();
  });
});
