import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { publicApi } from '../api/client';
import type { Place } from '../api/types';

export interface PlacePick {
  place: Place;
  /** True when the service resolves the bare name to this very place (its largest match). */
  isDefaultForName: boolean;
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

const population = new Intl.NumberFormat(undefined, { notation: 'compact' });

/**
 * A place-name field with suggestions from the service's gazetteer (`GET /v1/places`), following the
 * ARIA combobox pattern: arrows move through the list, Enter picks, Escape closes. One request per
 * pause in typing, never per keystroke, and without credentials: the gazetteer is public, so searching
 * spends the IP's anonymous budget, not the account's (a Free account has 10 requests a minute).
 */
export function PlaceSearch({
  value,
  onChange,
  onPick,
  inputProps,
}: {
  value: string;
  onChange(value: string): void;
  onPick(pick: PlacePick): void;
  inputProps: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean };
}) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebounced(value.trim(), 350);
  const places = useQuery({
    queryKey: ['places', query.toLowerCase()],
    // Without credentials: typing a city spends the address's anonymous budget, not the account's.
    queryFn: ({ signal }) => publicApi().catalog.places(query, { limit: 6, signal }),
    enabled: open && query.length >= 2,
    staleTime: Infinity,
  });
  const options = open && query.length >= 2 ? (places.data ?? []) : [];

  const pick = (index: number) => {
    const place = options[index];
    if (!place) return;
    const sameName = options.filter((p) => p.name.toLowerCase() === place.name.toLowerCase());
    onPick({ place, isDefaultForName: sameName[0] === place });
    setOpen(false);
    setActive(-1);
  };

  return (
    <div className="combobox">
      <input
        {...inputProps}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        placeholder="City, e.g. Lisbon"
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        // Closed at once: a pick happens on mousedown, which keeps the focus here, so nothing needs the list after a
        // blur. (A close delayed by a timer once shut the list that typing had reopened within its delay.)
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && options.length) {
            event.preventDefault();
            setActive((i) => (i + 1) % options.length);
          } else if (event.key === 'ArrowUp' && options.length) {
            event.preventDefault();
            setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
          } else if (event.key === 'Enter' && active >= 0) {
            event.preventDefault();
            pick(active);
          } else if (event.key === 'Escape') {
            setOpen(false);
          }
        }}
      />
      {options.length > 0 ? (
        // A press anywhere on the list (its padding, a scrollbar) keeps the focus in the field.
        <ul className="combobox-list" role="listbox" id={listId} onMouseDown={(event) => event.preventDefault()}>
          {options.map((place, index) => (
            <li
              key={`${place.name}:${place.lat}:${place.lng}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={index === active ? 'active' : undefined}
              onMouseDown={(event) => {
                event.preventDefault();
                pick(index);
              }}
            >
              <span>{place.name}</span>
              <span className="hint">
                {place.country} · {population.format(place.population)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
