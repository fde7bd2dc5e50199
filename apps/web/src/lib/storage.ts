/** localStorage with an optional expiry in seconds (spec section 9: local data may carry an expiry). */
export const local = {
  get<T>(key: string, fallback: T): T {
    try {
      const raw = localStorage.getItem(key);
      if (!raw) return fallback;
      const item = JSON.parse(raw) as { v: T; e?: number };
      if (item.e && item.e < Date.now()) {
        localStorage.removeItem(key);
        return fallback;
      }
      return item.v;
    } catch {
      return fallback;
    }
  },
  set<T>(key: string, value: T, expireSeconds?: number): void {
    localStorage.setItem(key, JSON.stringify({ v: value, ...(expireSeconds ? { e: Date.now() + expireSeconds * 1000 } : {}) }));
  },
  remove(key: string): void {
    localStorage.removeItem(key);
  },
};

export const session = {
  get<T>(key: string, fallback: T): T {
    try {
      const raw = sessionStorage.getItem(key);
      return raw ? (JSON.parse(raw) as T) : fallback;
    } catch {
      return fallback;
    }
  },
  set<T>(key: string, value: T): void {
    sessionStorage.setItem(key, JSON.stringify(value));
  },
  remove(key: string): void {
    sessionStorage.removeItem(key);
  },
};
