import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { publicApi } from '../api/client';
import type { Place } from '../api/types';
import { useCombobox } from '../components/combobox';

/** Lower case without accents or punctuation, to compare what was typed with a place's name ("sao" begins "São Paulo"). */
function comparable(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** "39.86° N, 83.64° W": what tells apart two places that read alike (there are two Lisbons in Ohio). */
function coordinates(place: Place): string {
  const lat = `${Math.abs(place.lat).toFixed(2)}° ${place.lat >= 0 ? 'N' : 'S'}`;
  const lng = `${Math.abs(place.lng).toFixed(2)}° ${place.lng >= 0 ? 'E' : 'W'}`;
  return `${lat}, ${lng}`;
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
 * ARIA combobox pattern: arrows move through the list, Enter picks, Escape closes. Each suggestion reads
 * as people tell places apart, "Lisbon, Ohio, United States", with its population (and its coordinates
 * when two read alike); a name that matches no place says so as it is typed, in a live region. One
 * request per pause in typing, never per keystroke, and without credentials: the gazetteer is public,
 * so searching spends the IP's anonymous budget, not the account's (a Free account has 10 requests a minute).
 */
export function PlaceSearch({
  value,
  onChange,
  onPick,
  inputProps,
}: {
  value: string;
  onChange(value: string): void;
  /** `isDefaultForName`: the place is the one its bare name resolves to (the largest of that name in the list). */
  onPick(place: Place, how: { isDefaultForName: boolean }): void;
  inputProps: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean };
}) {
  const combobox = useCombobox();
  const { open } = combobox;
  const query = useDebounced(value.trim(), 350);
  const places = useQuery({
    queryKey: ['places', query.toLowerCase()],
    // Without credentials: typing a city spends the address's anonymous budget, not the account's.
    queryFn: ({ signal }) => publicApi().catalog.places(query, { limit: 6, signal }),
    enabled: open && query.length >= 2,
    staleTime: Infinity,
  });
  const searching = open && query.length >= 2;
  const options = searching ? (places.data ?? []) : [];
  // The service offers close spellings when no name begins with what was typed: say that it found none of that name.
  const typedName = comparable(query.split(/[,(]/)[0] ?? '');
  const noSuchPlace =
    searching && places.isSuccess && value.trim() === query && !options.some((p) => comparable(p.name).startsWith(typedName));
  const readAlike = (place: Place) => options.filter((p) => p.display_name === place.display_name).length > 1;

  const pick = (index: number) => {
    const place = options[index];
    if (!place) return;
    const sameName = options.filter((p) => comparable(p.name) === comparable(place.name));
    onPick(place, { isDefaultForName: sameName[0] === place });
    combobox.close();
  };

  return (
    <div className="combobox">
      <input {...inputProps} {...combobox.inputProps(options.length, onChange, pick)} placeholder="City, e.g. Lisbon" value={value} />
      {options.length > 0 ? (
        <ul {...combobox.listProps}>
          {options.map((place, index) => (
            <li
              key={`${place.name}:${place.lat}:${place.lng}`}
              {...combobox.optionProps(index, pick)}
              className={index === combobox.active ? 'place-option active' : 'place-option'}
            >
              <span>{place.display_name}</span>
              <span className="hint">
                {population.format(place.population)} people{readAlike(place) ? ` · ${coordinates(place)}` : ''}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="hint combobox-status" role="status" aria-live="polite">
        {noSuchPlace ? `No place called “${query}”${options.length ? '. Did you mean one of these?' : '.'}` : ''}
      </p>
    </div>
  );
}
