import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * How much of a table fits its box, measured rather than guessed from breakpoints: a table's
 * width depends on its values, its language and the sidebar. While the table is wider than its
 * box, the least useful column still shown gives way (`droppable`, least useful first); when
 * none is left to give, the rows become cards. A box that grows starts again from every column,
 * so a tablet turned sideways gets its columns back.
 */
export function useFittingColumns(droppable: string[], contentKey: unknown) {
  const [dropped, setDropped] = useState(0);
  const [cards, setCards] = useState(false);
  const [box, setBox] = useState<HTMLElement | null>(null);
  const [measured, setMeasured] = useState(0);
  const lastWidth = useRef(0);

  useEffect(() => {
    if (!box) return;
    const observer = new ResizeObserver(([entry]) => {
      const width = entry.contentRect.width;
      if (width > lastWidth.current + 1) {
        setDropped(0);
        setCards(false);
      }
      lastWidth.current = width;
      setMeasured((count) => count + 1);
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [box]);

  useLayoutEffect(() => {
    if (!box || cards) return;
    const table = box.querySelector('table');
    if (!table || table.scrollWidth <= box.clientWidth) return;
    if (dropped < droppable.length) setDropped(dropped + 1);
    else setCards(true);
  }, [box, cards, dropped, droppable.length, measured, contentKey]);

  return { ref: setBox, hidden: droppable.slice(0, dropped), cards };
}
