import { objectIdSchema } from '@smart-zone/types/ids';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { getItemQueryOptions } from '../api/get-item';
import { useItems } from '../api/get-items';
import { useApiClient } from '../../../lib/api-client-context';

/** How many items the menu offers, and how long typing rests before the search is asked. */
const SUGGESTIONS = 8;
const TYPING_PAUSE_MS = 250;

/** `text` once it has stopped changing for `ms`. */
function useSettled(text: string, ms: number): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

/**
 * An item chosen by its name (a filter's "Item"): typing searches the inventory (GET /inventory?q=, as the
 * list's search), the menu offers the first matches, choosing one gives its id to `onChange`; an id that
 * came in the address shows as its item's name. A combobox (ARIA 1.2): arrows move, Enter chooses, Escape
 * closes; clearing the text clears the choice.
 */
export function ItemPicker({
  id,
  value,
  onChange,
  placeholder = 'Type an item’s name',
}: {
  /** The field's id (inside a Form.Group, its controlId gives it). */
  id?: string;
  /** The chosen item's id, '' for none. */
  value: string;
  onChange: (itemId: string) => void;
  placeholder?: string;
}) {
  // An address's id that is none (the API says so beside the list) is shown as it is, not asked for.
  const chosen = useQuery({
    ...getItemQueryOptions(useApiClient(), value),
    enabled: objectIdSchema.safeParse(value).success,
  });
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const typed = text ?? '';
  const search = useSettled(typed.trim(), TYPING_PAUSE_MS);
  const matches = useItems({ q: search, limit: SUGGESTIONS }, { enabled: open && search !== '' });
  const options = open && search !== '' ? (matches.data?.items ?? []) : [];
  // What the field shows: the text being typed, or the chosen item's name (its id until the name arrives).
  const shown = text ?? (value ? (chosen.data?.name ?? value) : '');

  const choose = (itemId: string) => {
    onChange(itemId);
    setText(null);
    setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length > 0) {
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((active + step + options.length) % options.length);
      }
    } else if (event.key === 'Enter' && open && options[active]) {
      event.preventDefault();
      choose(options[active]._id);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className="item-picker">
      <Form.Control
        id={id}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-activedescendant={options[active] ? `${listId}-${active}` : undefined}
        autoComplete="off"
        placeholder={placeholder}
        value={shown}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
          if (event.target.value === '') onChange('');
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          setText(null);
        }}
      />
      <ul id={listId} role="listbox" aria-label="Items" className="item-picker-menu" hidden={options.length === 0}>
        {options.map((item, index) => (
          <li
            key={item._id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'active' : undefined}
            // Chosen before the field's blur closes the menu.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(item._id);
            }}
          >
            {item.name}
            {item.sku && <span className="text-secondary small ms-2">{item.sku}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
