import { useMemo, useState } from 'react';
import { Card, Empty, Segmented, Space, Spin, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PedigreeGraph } from '@breedwise/contracts/germ';
import { api } from '../../api';
import { Chart } from '../../components/Chart';

interface TreeNode {
  name: string;
  value: number;
  role?: 'female' | 'male';
  children?: TreeNode[];
  itemStyle?: { color: string; borderColor: string };
}

const FEMALE = '#eb2f96';
const MALE = '#1677ff';

/** The ancestry as a tree: the record at the root, each node's female and male parents beside it. */
export function ancestryTree(graph: PedigreeGraph): TreeNode | null {
  const nodes = new Map(graph.nodes.map((n) => [n.id, n]));
  const build = (id: number, role: 'female' | 'male' | undefined, path: Set<number>): TreeNode | null => {
    const n = nodes.get(id);
    if (!n) return null;
    const next = new Set(path).add(id);
    const parents = graph.edges
      .filter((e) => e.child === id && !path.has(e.parent))
      .sort((a, b) => (a.role === 'female' ? -1 : 1) - (b.role === 'female' ? -1 : 1))
      .map((e) => build(e.parent, e.role, next))
      .filter((c): c is TreeNode => c !== null);
    const color = role === 'female' ? FEMALE : role === 'male' ? MALE : '#52c41a';
    return {
      name: `${n.name}\n${n.accessionNo}${n.generation ? ` · ${n.generation}` : ''}`,
      value: n.id,
      role,
      children: parents,
      itemStyle: { color, borderColor: color },
    };
  };
  return build(graph.rootId, undefined, new Set());
}

/** Pedigree viewer of the record page: the Purdy strings, the ancestry graph to a chosen depth, and the offspring. */
export function PedigreeViewer({ id, typed }: { id: number; typed: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [depth, setDepth] = useState(4);
  const { data, isLoading } = useQuery({
    queryKey: [...api.germ.germplasm.pedigree.key, id, depth],
    queryFn: () => api.germ.germplasm.pedigree({ id, depth }),
  });
  const tree = useMemo(() => (data ? ancestryTree(data) : null), [data]);
  const leaves = useMemo(() => {
    let n = 0;
    const walk = (x: TreeNode | null) => {
      if (!x) return;
      if (!x.children?.length) n++;
      x.children?.forEach(walk);
    };
    walk(tree);
    return n;
  }, [tree]);
  const option = useMemo(
    () =>
      tree && {
        tooltip: { trigger: 'item', triggerOn: 'mousemove' },
        series: [
          {
            type: 'tree',
            data: [tree],
            orient: 'RL',
            top: 20,
            bottom: 20,
            left: 140,
            right: 160,
            symbol: 'circle',
            symbolSize: 10,
            initialTreeDepth: -1,
            expandAndCollapse: false,
            label: { position: 'right', verticalAlign: 'middle', align: 'left', fontSize: 12, lineHeight: 16 },
            leaves: { label: { position: 'left', verticalAlign: 'middle', align: 'right' } },
            lineStyle: { color: '#bfbfbf', curveness: 0.4 },
          },
        ],
      },
    [tree],
  );

  if (isLoading) return <Spin />;
  if (!data) return null;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle" data-testid="pedigree-viewer">
      <Space wrap>
        <Typography.Text type="secondary">{t('germ.pedigree.typed')}</Typography.Text>
        {typed ? (
          <Typography.Text code copyable data-testid="pedigree-typed">
            {typed}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        )}
        <Typography.Text type="secondary">{t('germ.pedigree.generated')}</Typography.Text>
        {data.purdy ? (
          <Typography.Text code copyable>
            {data.purdy}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('germ.pedigree.noCross')}</Typography.Text>
        )}
        {data.truncated && <Tag>{t('germ.pedigree.truncated')}</Tag>}
      </Space>
      <Space wrap>
        <Typography.Text>{t('germ.pedigree.depth')}</Typography.Text>
        <Segmented value={depth} onChange={(v) => setDepth(Number(v))} options={[2, 3, 4, 5, 6, 8].map((d) => ({ value: d, label: String(d) }))} />
        <Tag color={FEMALE}>{t('germ.pedigree.female')}</Tag>
        <Tag color={MALE}>{t('germ.pedigree.male')}</Tag>
      </Space>
      {tree && tree.children?.length ? (
        <Card size="small" variant="outlined" styles={{ body: { padding: 8 } }}>
          <Chart
            option={option!}
            height={Math.max(260, Math.min(1600, leaves * 44))}
            testId="pedigree-chart"
            onClick={(p) => {
              const id2 = (p.data as TreeNode | undefined)?.value;
              if (id2 && id2 !== id) navigate(`/germ/germplasm/view/${id2}`);
            }}
          />
        </Card>
      ) : (
        <Empty description={t('germ.pedigree.noParents')} />
      )}
      <div>
        <Typography.Title level={5}>{t('germ.pedigree.offspring', { count: data.children.length })}</Typography.Title>
        <Space wrap>
          {data.children.length === 0 && <Typography.Text type="secondary">—</Typography.Text>}
          {data.children.map((c) => (
            <Tag key={c.id} style={{ cursor: 'pointer' }} onClick={() => navigate(`/germ/germplasm/view/${c.id}`)}>{`${c.accessionNo} ${c.name}`}</Tag>
          ))}
        </Space>
      </div>
    </Space>
  );
}
