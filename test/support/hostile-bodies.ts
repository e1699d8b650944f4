/**
 * Request bodies of hostile shapes, each close to the 1 MiB body limit (never over it, so every one is parsed and
 * reaches the shape bounds or validation): many keys, many values, deep nesting, long strings, every kind of Unicode,
 * and wide and deep mixes, some within every bound (the most validation work a body can ask for). The fault suite's
 * fuzz stage (`test/faults/hostile-input.faults-spec.ts`) and `npm run bench:hostile` send the same ones.
 */
import { seededRandom } from './seeded-random';

export const BODY_LIMIT = 1024 * 1024;
/** Each body is built up to this many bytes: under the limit, with room for the last item. */
const TARGET = BODY_LIMIT - 4096;

export interface HostileBody {
  name: string;
  body: string;
}

/** Where hostile bodies are sent: the public auth endpoints and the authenticated ones that take the largest bodies. */
export const HOSTILE_ENDPOINTS: ReadonlyArray<{ path: string; auth: boolean }> = [
  { path: '/v1/auth/register', auth: false },
  { path: '/v1/auth/login', auth: false },
  { path: '/v1/auth/forgot-password', auth: false },
  { path: '/v1/render', auth: true },
  { path: '/v1/render/batch', auth: true },
  { path: '/v1/render/preview', auth: true },
  { path: '/v1/templates', auth: true },
];

/** Joins parts made by `part(i)` with commas until the next would pass `budget` bytes. */
function fill(budget: number, part: (i: number) => string): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; ; i++) {
    const next = part(i);
    if (size + next.length + 1 > budget) break;
    parts.push(next);
    size += next.length + 1;
  }
  return parts.join(',');
}

/** Text of every kind a client may send: RTL overrides, isolates, joiners, emoji sequences, combining marks, NUL. */
const UNICODE_PIECES = [
  'Ana\u202Egpj.exe',
  '\u2066\u2067\u2068\u2069',
  '\u200B\u200C\u200D\u200E\u200F\u061C\uFEFF',
  '👩‍👩‍👧‍👦',
  '🏳️‍🌈',
  'e\u0301\u0301\u0301\u0301',
  'São Paulo → 東京',
  'עברית العربية',
  '\u0000\u0001\u001F\u007F\u0085\u009F',
  'Z̸̡̛̙͉a̵͓̓l̶̦̍g̷͎̈́o̸̬͝',
];

/** JSON string escapes that decode to hostile code points: lone surrogates, controls, bidi overrides. */
const ESCAPES = ['\\ud800', '\\udfff', '\\u0000', '\\u202e', '\\u2066', '\\ufeff', '\\u200d', '\\u001b'];

export function hostileBodies(seed = 20261124): HostileBody[] {
  const rnd = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
  /** Unicode text whose JSON string takes about `bytes` (controls are escaped there, six bytes each). */
  const unicodeText = (bytes: number) => {
    const pieces: string[] = [];
    for (let size = 0; size < bytes;) {
      const piece = pick(UNICODE_PIECES);
      pieces.push(piece);
      size += JSON.stringify(piece).length - 2 + Buffer.byteLength(piece) - piece.length;
    }
    return pieces.join('');
  };
  const bodies: HostileBody[] = [];
  const add = (name: string, body: string) => {
    if (Buffer.byteLength(body) > BODY_LIMIT) throw new Error(`hostile body ${name} is over the limit`);
    bodies.push({ name, body });
  };

  // An object of ~100,000 unknown keys: the finding that froze the API (contract §27).
  add('keys at the top', `{${fill(TARGET, (i) => `"${i.toString(36)}":0`)}}`);
  // The same flood one level down, under a field every render body has.
  add('keys in a waypoint', `{"waypoints":[{${fill(TARGET - 20, (i) => `"k${i.toString(36)}":${i % 2 ? 'null' : '"x"'}`)}}],"duration":5}`);
  // Lists within their bound, 64-key objects within theirs: many values in all.
  add('values in lists', `{"waypoints":[${fill(TARGET - 20, () => `[${Array.from({ length: 1000 }, () => '0').join(',')}]`)}]}`);
  add(
    'values in wide objects',
    `{"jobs":[${fill(TARGET - 20, (i) => `{${Array.from({ length: 64 }, (_, k) => `"f${k}":${(i * 64 + k) % 7}`).join(',')}}`)}]}`,
  );
  // Nesting: lists and objects hundreds of thousands deep (the parser itself must not overflow).
  const listDepth = Math.floor((TARGET - 20) / 2);
  add('deep lists', `{"waypoints":${'['.repeat(listDepth)}${']'.repeat(listDepth)}}`);
  const objectDepth = Math.floor((TARGET - 20) / 7);
  add('deep objects', `{"camera":${'{"a":'.repeat(objectDepth)}1${'}'.repeat(objectDepth)}}`);
  // Long strings in the fields each endpoint reads.
  const long = 'x'.repeat(Math.floor(TARGET / 6));
  add(
    'long strings',
    JSON.stringify({
      email: `${long}@example.com`,
      password: long,
      name: long,
      waypoints: [{ label: long, place: long }],
      title: { text: long },
    }),
  );
  // Unicode of every kind, in values and in keys.
  const text = unicodeText(Math.floor(TARGET / 7));
  add(
    'unicode',
    JSON.stringify({
      email: text,
      password: text,
      name: text,
      waypoints: [
        { label: text, place: text },
        { lat: 1, lng: 2, label: 'Ana\u202Egpj.exe' },
      ],
      title: { text },
      ...Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`${pick(UNICODE_PIECES)}${i}`, pick(UNICODE_PIECES)])),
    }),
  );
  add('escapes', `{"name":"${fill(TARGET / 2, () => pick(ESCAPES)).replace(/,/g, '')}","waypoints":[{"label":"${ESCAPES.join('')}"}]}`);
  // Within every bound, as much validation work as a body can ask for: 1,000 waypoints of wrong values and unknown keys
  // (19,000 values), and a batch of 50 jobs of wrong waypoints.
  const badWaypoint = (i: number) =>
    `{"lat":"n${i}","lng":[],"label":{},"place":7,"transport":"rocket","dwell":"x","emphasis":0,` +
    `${Array.from({ length: 11 }, (_, k) => `"u${k}":${k}`).join(',')}}`;
  add(
    'wrong values within the bounds',
    `{"waypoints":[${Array.from({ length: 1000 }, (_, i) => badWaypoint(i)).join(',')}],"duration":"long"}`,
  );
  const badJob = (i: number) =>
    `{"waypoints":[${Array.from({ length: 25 }, (_, k) => badWaypoint(i * 25 + k)).join(',')}],"mode":"nope","duration":-1}`;
  add('a batch of wrong jobs within the bounds', `{"jobs":[${Array.from({ length: 20 }, (_, i) => badJob(i)).join(',')}]}`);
  // Unknown keys inside the objects of a list the body may hold: 250 countries of 64 keys (16,000 values).
  const country = (i: number) => `{"country":"C${i}","value":${i},${Array.from({ length: 62 }, (_, k) => `"u${k}":${k}`).join(',')}}`;
  add(
    'unknown keys in listed objects',
    `{"mode":"country_data","country_data":{"values":[${Array.from({ length: 250 }, (_, i) => country(i)).join(',')}]}}`,
  );
  // A wide and deep mix within every bound: 60 keys at each of 30 levels, holding lists, numbers and long strings.
  const mixText = JSON.stringify(unicodeText(700));
  const mix = (depth: number): string =>
    depth === 0
      ? '0'
      : `{${Array.from({ length: 60 }, (_, k) => (k === 0 ? `"n":${mix(depth - 1)}` : `"k${k}":${k % 3 ? mixText : `[${k},"${k}",null]`}`)).join(',')}}`;
  add('wide and deep', mix(30));
  return bodies;
}
