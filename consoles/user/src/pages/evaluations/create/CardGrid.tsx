import { useEffect, useRef, useState } from 'react';
import ReactGridLayout, { type Layout } from 'react-grid-layout/legacy';
import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import type { FormCard } from './FormCards';

/** Spec 000 section 9: the create page's grid. */
export const GRID = { cols: 3, rowHeight: 100, width: 1200, margin: [24, 24] as const };
/** Below this width the cards stack in one column (a phone cannot hold three). */
const STACK_BELOW = 760;

const INITIAL_LAYOUT: Layout = [
  { i: 'description', x: 0, y: 0, w: 1, h: 3, minH: 2 },
  { i: 'input', x: 1, y: 0, w: 1, h: 4, minH: 3 },
  { i: 'model', x: 2, y: 0, w: 1, h: 3, minH: 2 },
  { i: 'machine', x: 0, y: 4, w: 1, h: 3, minH: 2 },
  { i: 'subject', x: 1, y: 4, w: 1, h: 3, minH: 2 },
  { i: 'settings', x: 2, y: 3, w: 1, h: 3, minH: 2 },
];

function useWidth(): [React.RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(GRID.width);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/** The cards on a draggable, resizable grid; one column on a narrow screen. */
export function CardGrid({ cards }: { cards: Record<string, FormCard> }) {
  const [layout, setLayout] = useState<Layout>(INITIAL_LAYOUT);
  const [wrapper, width] = useWidth();
  const renderCard = (key: string) => (
    <section key={key} className="ce-card panel" aria-label={cards[key]!.title}>
      <h2 className="ce-card-head" title="Drag to move">
        {cards[key]!.title}
      </h2>
      <div className="ce-card-body">{cards[key]!.body}</div>
    </section>
  );
  return (
    <div ref={wrapper} className="ce-grid-wrapper">
      {width < STACK_BELOW ? (
        <div className="ce-stack">{INITIAL_LAYOUT.map((item) => renderCard(item.i))}</div>
      ) : (
        <ReactGridLayout
          width={Math.min(GRID.width, width)}
          cols={GRID.cols}
          rowHeight={GRID.rowHeight}
          margin={GRID.margin}
          containerPadding={[0, 0]}
          layout={layout}
          onLayoutChange={setLayout}
          isDraggable
          isResizable
          draggableHandle=".ce-card-head"
        >
          {layout.map((item) => renderCard(item.i))}
        </ReactGridLayout>
      )}
    </div>
  );
}
