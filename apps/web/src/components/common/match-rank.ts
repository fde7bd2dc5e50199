/**
 * How well texts match what was typed, as the server's remote selects rank them (issue 14 item 8):
 * 0 when one of them is the keyword (case-insensitive), 1 when one starts with it, 2 when one contains
 * it, 3 otherwise. Typing "郑58" puts 郑58 before 郑58×Mo17.
 */
export function matchRank(texts: (string | null | undefined)[], keyword: string): number {
  const k = keyword.trim().toLowerCase();
  if (!k) return 0;
  let best = 3;
  for (const raw of texts) {
    const t = (raw ?? '').toLowerCase();
    if (t === k) return 0;
    if (t.startsWith(k)) best = Math.min(best, 1);
    else if (t.includes(k)) best = Math.min(best, 2);
  }
  return best;
}

/**
 * The `filterSort` of a select filtered in the browser: ranks options by `matchRank` of the texts `of`
 * picks from them, keeping their own order within a rank.
 */
export function sortByMatch<O>(of: (option: O) => (string | null | undefined)[]) {
  return (a: O, b: O, info: { searchValue: string }) => matchRank(of(a), info.searchValue) - matchRank(of(b), info.searchValue);
}
