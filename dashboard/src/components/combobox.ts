/**
 * The ARIA combobox pattern shared by the place and country fields: a text input with a list of suggestions that
 * arrows move through, Enter picks from and Escape closes. The field computes its options (they may depend on
 * `open`, e.g. a query that runs only while the list is open) and says what a pick does; this keeps the rest.
 */
import { type ChangeEvent, type KeyboardEvent, type MouseEvent, useId, useState } from 'react';

export function useCombobox() {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  /** Keeps the focus in the field: a pick happens on mousedown, a press on the list's padding does nothing. */
  const keepFocus = (event: MouseEvent) => event.preventDefault();

  return {
    open,
    active,
    /** The input's combobox attributes and handlers, for `count` options shown; `onType` gets what is typed. */
    inputProps: (count: number, onType: (value: string) => void, pick: (index: number) => void) => ({
      role: 'combobox' as const,
      'aria-autocomplete': 'list' as const,
      'aria-expanded': count > 0,
      'aria-controls': listId,
      'aria-activedescendant': active >= 0 ? `${listId}-${active}` : undefined,
      autoComplete: 'off',
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        onType(event.target.value);
        setOpen(true);
        setActive(-1);
      },
      // Closed at once: a pick happens on mousedown, which keeps the focus here, so nothing needs the list after a
      // blur. (A close delayed by a timer once shut the list that typing had reopened within its delay.)
      onBlur: () => setOpen(false),
      onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === 'ArrowDown' && count) {
          event.preventDefault();
          setActive((i) => (i + 1) % count);
        } else if (event.key === 'ArrowUp' && count) {
          event.preventDefault();
          setActive((i) => (i <= 0 ? count - 1 : i - 1));
        } else if (event.key === 'Enter' && active >= 0) {
          event.preventDefault();
          pick(active);
        } else if (event.key === 'Escape') {
          setOpen(false);
        }
      },
    }),
    listProps: { className: 'combobox-list', role: 'listbox' as const, id: listId, onMouseDown: keepFocus },
    /** An option's attributes; a press on it picks it. */
    optionProps: (index: number, pick: (index: number) => void) => ({
      id: `${listId}-${index}`,
      role: 'option' as const,
      'aria-selected': index === active,
      onMouseDown: (event: MouseEvent) => {
        keepFocus(event);
        pick(index);
      },
    }),
    /** After a pick: the list closes and no option is active. */
    close,
  };
}
