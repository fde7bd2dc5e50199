import { TreeSelect, type TreeSelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PlaceRow } from '@breedwise/contracts/germ';
import { api } from '../../api';

export interface PlaceNode {
  key: number;
  value: number;
  title: string;
  place: PlaceRow;
  children: PlaceNode[];
}

/** Places as a tree (warehouse > shelf > box). */
export function placeTree(places: PlaceRow[]): PlaceNode[] {
  const nodes = new Map(places.map((p) => [p.id, { key: p.id, value: p.id, title: `${p.name} (${p.code})`, place: p, children: [] as PlaceNode[] }]));
  const roots: PlaceNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.place.parentId ? nodes.get(n.place.parentId) : undefined;
    (parent ? parent.children : roots).push(n);
  }
  return roots;
}

export function usePlaces() {
  return useQuery({ queryKey: api.germ.place.list.key, queryFn: () => api.germ.place.list(), staleTime: 30_000 });
}

/** Picks a storage place from the tree. */
export function PlaceSelect(props: Omit<TreeSelectProps, 'treeData'>) {
  const { t } = useTranslation();
  const { data = [] } = usePlaces();
  return (
    <TreeSelect
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      placeholder={t('germ.place.choose')}
      {...props}
      treeData={placeTree(data)}
    />
  );
}
