import { collapseBackcrosses, formatPurdy, type CrossTree, type Pedigree } from './purdy';

export type NodeId = string | number;

/** One germplasm in a parent graph: both parents known make it a cross, one parent a derived line. */
export interface ParentRecord {
  id: NodeId;
  name: string;
  female?: NodeId | null;
  male?: NodeId | null;
  /** A fixed line (inbred, variety, landrace …): written by its name inside other pedigrees, never expanded. */
  keepName?: boolean;
}

export interface GenerateOptions {
  /** Cross generations to expand (1 = the parents by name). Default 3. */
  depth?: number;
  /** Write repeated crosses to one parent as backcrosses (`B/3*A`). Default true. */
  backcross?: boolean;
}

export interface GeneratedPedigree {
  /** The Purdy string, or null when the record has no known cross in its ancestry. */
  purdy: string | null;
  tree: Pedigree | null;
  /** Some ancestors were written by name because the depth ran out. */
  truncated: boolean;
}

const key = (id: NodeId) => String(id);

/** Records by id: build it once with `indexRecords` when writing many pedigrees from one bank. */
export type ParentIndex = Map<string, ParentRecord>;

export function indexRecords(records: Iterable<ParentRecord>): ParentIndex {
  const byId: ParentIndex = new Map();
  for (const r of records) byId.set(key(r.id), r);
  return byId;
}

/**
 * The Purdy string of a record from the parent graph. A derived line (one parent) takes the pedigree
 * of the cross it descends from, as BMS does for lines of one group; inside the tree, derived lines, fixed
 * lines (`keepName`) and crosses beyond `depth` are written by name. A cycle in the data never loops: the repeated record is
 * written by name.
 */
export function generatePurdy(records: Iterable<ParentRecord> | ParentIndex, rootId: NodeId, opts: GenerateOptions = {}): GeneratedPedigree {
  const depth = Math.max(1, opts.depth ?? 3);
  const byId = records instanceof Map ? records : indexRecords(records);
  let truncated = false;

  const isCross = (r: ParentRecord | undefined) => !!r && r.female != null && r.male != null && byId.has(key(r.female)) && byId.has(key(r.male));

  // A derived line: walk up single-parent links to the cross it comes from.
  let source = byId.get(key(rootId));
  const seen = new Set<string>();
  while (source && !isCross(source)) {
    seen.add(key(source.id));
    const up = source.female ?? source.male;
    if (up == null || seen.has(key(up))) return { purdy: null, tree: null, truncated: false };
    source = byId.get(key(up));
  }
  if (!source) return { purdy: null, tree: null, truncated: false };

  const walk = (r: ParentRecord, remaining: number, path: Set<string>): CrossTree => {
    if (!isCross(r) || path.has(key(r.id)) || (r.keepName && path.size > 0)) return { kind: 'name', name: r.name };
    if (remaining === 0) {
      truncated = true;
      return { kind: 'name', name: r.name };
    }
    const next = new Set(path).add(key(r.id));
    return {
      kind: 'cross',
      female: walk(byId.get(key(r.female!))!, remaining - 1, next),
      male: walk(byId.get(key(r.male!))!, remaining - 1, next),
    };
  };
  const cross = walk(source, depth, new Set());
  const tree: Pedigree = opts.backcross === false ? plain(cross) : collapseBackcrosses(cross);
  return { purdy: formatPurdy(tree), tree, truncated };
}

function plain(t: CrossTree): Pedigree {
  return t.kind === 'name' ? { kind: 'name', name: t.name } : { kind: 'cross', parents: [plain(t.female), plain(t.male)] };
}

/**
 * A cycle in the parent graph (a record among its own ancestors), as the list of ids around it, or
 * null. Iterative, so deep pedigrees cannot overflow the stack.
 */
export function findCycle(records: Iterable<ParentRecord>): NodeId[] | null {
  const parents = new Map<string, NodeId[]>();
  const ids = new Map<string, NodeId>();
  for (const r of records) {
    ids.set(key(r.id), r.id);
    parents.set(
      key(r.id),
      [r.female, r.male].filter((p): p is NodeId => p != null),
    );
  }
  const state = new Map<string, 1 | 2>(); // 1 on the stack, 2 done
  for (const start of parents.keys()) {
    if (state.has(start)) continue;
    const stack: { id: string; next: number }[] = [{ id: start, next: 0 }];
    state.set(start, 1);
    while (stack.length) {
      const top = stack[stack.length - 1];
      const ps = parents.get(top.id) ?? [];
      if (top.next >= ps.length) {
        state.set(top.id, 2);
        stack.pop();
        continue;
      }
      const p = key(ps[top.next++]);
      if (!parents.has(p)) continue;
      const s = state.get(p);
      if (s === 1) {
        const from = stack.findIndex((f) => f.id === p);
        return stack.slice(from).map((f) => ids.get(f.id)!);
      }
      if (s === undefined) {
        state.set(p, 1);
        stack.push({ id: p, next: 0 });
      }
    }
  }
  return null;
}

/** True when making `parentId` a parent of `childId` would close a cycle (the child is the parent or one of its ancestors). */
export function wouldCreateCycle(records: Iterable<ParentRecord>, childId: NodeId, parentId: NodeId): boolean {
  const byId = new Map<string, ParentRecord>();
  for (const r of records) byId.set(key(r.id), r);
  const target = key(childId);
  const todo = [key(parentId)];
  const seen = new Set<string>();
  while (todo.length) {
    const id = todo.pop()!;
    if (id === target) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    const r = byId.get(id);
    if (r?.female != null) todo.push(key(r.female));
    if (r?.male != null) todo.push(key(r.male));
  }
  return false;
}

/** Ancestry of a record for a viewer: nodes and female/male edges up to `depth` generations. */
export function ancestry(
  records: Iterable<ParentRecord>,
  rootId: NodeId,
  depth = 5,
): { nodes: ParentRecord[]; edges: { child: NodeId; parent: NodeId; role: 'female' | 'male' }[] } {
  const byId = new Map<string, ParentRecord>();
  for (const r of records) byId.set(key(r.id), r);
  const nodes = new Map<string, ParentRecord>();
  const edges: { child: NodeId; parent: NodeId; role: 'female' | 'male' }[] = [];
  let frontier = [key(rootId)];
  for (let level = 0; level <= depth && frontier.length; level++) {
    const next: string[] = [];
    for (const id of frontier) {
      const r = byId.get(id);
      if (!r || nodes.has(id)) continue;
      nodes.set(id, r);
      if (level === depth) continue;
      for (const role of ['female', 'male'] as const) {
        const p = r[role];
        if (p != null && byId.has(key(p))) {
          edges.push({ child: r.id, parent: p, role });
          next.push(key(p));
        }
      }
    }
    frontier = next;
  }
  return { nodes: [...nodes.values()], edges };
}
