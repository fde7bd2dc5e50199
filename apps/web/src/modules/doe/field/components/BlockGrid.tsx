import { tierRanges, type BlockRow, type FieldRow } from '@breedwise/contracts/doe';

const COLORS = ['#bae0ff', '#d9f7be', '#ffd6e7', '#efdbff', '#b5f5ec', '#fff1b8', '#ffe7ba', '#d6e4ff'];

/** The field drawn to scale with its blocks and tier edges (row 1 at the bottom). */
export function BlockGrid({ field, blocks, width = 900 }: { field: FieldRow; blocks: BlockRow[]; width?: number }) {
  const cell = Math.max(3, Math.min(28, Math.floor(width / field.cols)));
  const w = field.cols * cell;
  const h = field.rows * cell;
  const y = (row: number) => (field.rows - row + 1) * cell;
  return (
    <svg width={w + 2} height={h + 2} data-testid="block-grid" style={{ display: 'block', maxWidth: '100%' }}>
      <rect x={1} y={1} width={w} height={h} fill="#fafafa" stroke="#8c8c8c" />
      {blocks.map((b, i) => (
        <g key={b.id}>
          <rect
            x={1 + (b.startCol - 1) * cell}
            y={1 + y(b.startRow + b.rows - 1) - cell}
            width={b.cols * cell}
            height={b.rows * cell}
            fill={COLORS[i % COLORS.length]}
            stroke="#434343"
          />
          {b.cols * cell > 24 && b.rows * cell > 14 && (
            <text x={1 + (b.startCol - 1) * cell + 4} y={1 + y(b.startRow + b.rows - 1) - cell + 14} fontSize={12} fill="#262626">
              {b.name}
            </text>
          )}
        </g>
      ))}
      {tierRanges(field.rows, field.tiers)
        .slice(1)
        .map((t) => (
          <line key={t.fromRow} x1={1} x2={w + 1} y1={1 + y(t.fromRow)} y2={1 + y(t.fromRow)} stroke="#1677ff" strokeWidth={2} strokeDasharray="6 3" />
        ))}
    </svg>
  );
}
