import { useQuery } from '@tanstack/react-query';
import type { MapDictData, MapEngine, MapServiceNode } from '@breedwise/contracts/auth';
import { api } from './auth-api';
import { queryClient } from './query';

const engines = api.auth.map;

/**
 * The user's map provider (spec sections 1 and 4): chosen in the header beside the crop, kept 7 days in
 * a cookie by the server, and read by every map. One cache entry, so a change redraws every open map.
 */
export function useMapEngine(): {
  engine: MapEngine | undefined;
  node: MapServiceNode | undefined;
  engines: MapDictData['engines'];
  choose(engine: MapEngine): Promise<void>;
} {
  const nodes = useQuery({
    queryKey: engines.serviceNodes.key,
    queryFn: () => engines.serviceNodes(undefined, { errorMode: 'silent' }),
    staleTime: 10 * 60_000,
  });
  const dict = useQuery({ queryKey: engines.dictData.key, queryFn: () => engines.dictData(undefined, { errorMode: 'silent' }), staleTime: Infinity });
  const engine = dict.data?.current;
  return {
    engine,
    node: nodes.data?.find((n) => n.engine === engine),
    engines: dict.data?.engines ?? [],
    choose: async (next) => {
      const before = queryClient.getQueryData<MapDictData>(engines.dictData.key);
      if (before) queryClient.setQueryData<MapDictData>(engines.dictData.key, { ...before, current: next });
      try {
        await engines.setEngine({ engine: next });
      } catch (err) {
        if (before) queryClient.setQueryData(engines.dictData.key, before);
        throw err;
      }
    },
  };
}
