import { HolderOutlined } from '@ant-design/icons';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { createContext, useContext, type CSSProperties, type HTMLAttributes, type ReactNode } from 'react';

/**
 * Ordering by drag (dnd-kit), for table rows and for stacked items alike: a handle starts the drag
 * (mouse, touch, or the keyboard: space, arrows, space), the parent moves the item.
 */

type Id = string | number;
type HandleProps = HTMLAttributes<HTMLElement>;
const HandleContext = createContext<HandleProps | null>(null);

/** The drag area over `ids`; `onMove(from, to)` gets the positions when an item is dropped. */
export function SortableArea({
  ids,
  onMove,
  children,
}: {
  ids: Id[];
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(active.id);
    const to = ids.indexOf(over.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

function useSortableItem(id: Id) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    ...(isDragging ? { position: 'relative', zIndex: 9, opacity: 0.85 } : {}),
  };
  const handle: HandleProps & { ref: (el: HTMLElement | null) => void } = {
    ...attributes,
    ...listeners,
    ref: setActivatorNodeRef,
  };
  return { setNodeRef, style, handle };
}

/** A stacked item (a card of a sub-list, a picked article). */
export function SortableItem({ id, children }: { id: Id; children: ReactNode }) {
  const { setNodeRef, style, handle } = useSortableItem(id);
  return (
    <div ref={setNodeRef} style={style}>
      <HandleContext.Provider value={handle}>{children}</HandleContext.Provider>
    </div>
  );
}

/** antd Table's body row for `components.body.row` (the row's key is `data-row-key`). */
export function SortableRow(props: HTMLAttributes<HTMLTableRowElement> & { 'data-row-key': Id }) {
  const { setNodeRef, style, handle } = useSortableItem(props['data-row-key']);
  return (
    <HandleContext.Provider value={handle}>
      <tr {...props} ref={setNodeRef} style={{ ...props.style, ...style }} />
    </HandleContext.Provider>
  );
}

/** The grip that starts a drag, inside a SortableItem or SortableRow. */
export function DragHandle({ label = '拖动排序' }: { label?: string }) {
  const handle = useContext(HandleContext);
  return (
    <button type="button" className="drag-handle" aria-label={label} title={label} {...handle}>
      <HolderOutlined />
    </button>
  );
}
