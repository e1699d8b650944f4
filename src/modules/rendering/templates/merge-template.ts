/** A JSON value of a request body or a template's settings. */
export type JsonObject = Record<string, unknown>;

/** A JSON object: not an array, not null. Everything else (arrays, strings, `false`, null) is a value merged as a whole. */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keys the validation pipe strips from every body (prototype pollution); never copied, so they cannot reach a merged body's prototype. */
const UNSAFE_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

/**
 * A template's settings merged under a request (contract §12): the request wins. Where both sides
 * hold an object (`camera`, `hud`, `route_style`, `route`, `title`, a mode's settings object, and
 * objects inside those), the two merge key by key by the same rule; anything else the request
 * holds replaces the template's value whole: arrays (`waypoints`, `text_overlays`), scalars, and
 * `false` or null (`hud: false` turns off a template's HUD; null clears a template's value).
 * The result is a new body that shares nothing with `settings`, so validating it in place (the
 * pipe strips keys and builds instances from it) never touches a stored or built-in template.
 */
export function mergeTemplate(settings: JsonObject, request: JsonObject): JsonObject {
  const merged: JsonObject = {};
  for (const [key, value] of Object.entries(settings)) {
    if (!UNSAFE_KEYS.has(key)) merged[key] = structuredClone(value);
  }
  for (const [key, value] of Object.entries(request)) {
    if (UNSAFE_KEYS.has(key)) continue;
    const under = merged[key];
    merged[key] = isJsonObject(value) && isJsonObject(under) ? mergeTemplate(under, value) : value;
  }
  return merged;
}
