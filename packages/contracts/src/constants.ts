/** Product-wide constants from the specification (section 9). */
export const APP_NAME = 'Breedwise';
export const APP_VERSION = '2.2.26';
export const CORE_VERSION = 18;

export const LOCALES = ['zh-CN', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

export const PAGE_SIZES = [10, 20, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 200;
/**
 * A filtered list of a large table counts its matches up to this many and then answers `totalCapped`
 * ("more than 10,000"): an exact count of 40,000 keyword matches costs a visit of every one of them on
 * each page turn, while the pages a user can reach stay the same.
 */
export const COUNT_CAP = 10_000;
/**
 * A keyword search counts its matches up to this many, or up to ten pages past the page asked
 * (`KEYWORD_PAGES_AHEAD`) if that is more: each candidate of the search index is read and checked against
 * the keyword, so the count stops sooner than a filter's, which the indexes answer alone. A keyword is for
 * finding a record; past the cap the list says "more than 1,000", the pages ahead stay reachable, and a
 * longer keyword narrows it.
 */
export const KEYWORD_COUNT_CAP = 1_000;
/**
 * The cap of a keyword without three letters or digits in a row ("郑单", "PH"): its candidates come from
 * the index of pairs of characters, thousands of them for a common pair (20,000 for "郑单" in 200,000
 * accessions), and counting 1,000 of them read 10,000 rows.
 */
export const SHORT_KEYWORD_COUNT_CAP = 200;
/** How many pages past the page asked a keyword's count reaches (see `KEYWORD_COUNT_CAP`). */
export const KEYWORD_PAGES_AHEAD = 10;

/** Cookie lifetime for the selected crop and map engine: 7 days. */
export const PREFERENCE_COOKIE_SECONDS = 604800;
export const CROP_COOKIE = 'bw_crop';
export const MAP_ENGINE_COOKIE = 'bw_map_engine';

/** Header carrying the session token (spec section 7). */
export const TOKEN_HEADER = 'token';

/** Envelope code for a session replaced by a login elsewhere (spec section 8). */
export const CODE_SESSION_REPLACED = 9999;
export const CODE_UNAUTHORIZED = 401;
export const CODE_OK = 0;

/** Permission granted to administrators: matches every permission string. */
export const ALL_PERMISSIONS = '*:*:*';
