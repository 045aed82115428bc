import { type FormEvent, useEffect, useEffectEvent, useState } from 'react';

/** How long typing pauses before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * A search field that sends what was typed once typing pauses (or on Enter).
 * `value` is the search in force (from the address); when it changes from
 * outside, the Back button for one, the field shows it.
 */
export function SearchBox({
  id,
  label,
  value,
  onSearch,
}: {
  id: string;
  label: string;
  value: string;
  onSearch: (text: string) => void;
}) {
  const [text, setText] = useState(value);
  const [inForce, setInForce] = useState(value);
  if (value !== inForce) {
    setInForce(value);
    if (value.trim() !== text.trim()) setText(value);
  }

  const send = useEffectEvent((typed: string) => onSearch(typed));
  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = setTimeout(() => send(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text);
  };

  return (
    <form role="search" onSubmit={onSubmit} className="list-search">
      <label htmlFor={id} className="form-label visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="form-control"
        placeholder={label}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}
