/** One page of a cursor-paged list, as the API answers it. */
export interface CursorPage<Item> {
  data: Item[];
  next_cursor: string | null;
}

/**
 * Every item of a cursor-paged list, page after page, fetched as the loop asks for them:
 * `for await (const render of mapr.renders.list()) …`. Break out of the loop to stop fetching.
 */
export async function* everyItem<Item>(
  fetchPage: (cursor: string | undefined) => Promise<CursorPage<Item>>,
): AsyncGenerator<Item, void, undefined> {
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    yield* page.data;
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
}
