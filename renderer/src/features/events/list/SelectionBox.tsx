// A selection checkbox of the Events list grid: the `.checkbox` / `.checkbox-box` markup of the
// app's other boxes (Fields.tsx), its input visually hidden on the box. Out of the Tab order: the
// grid is one Tab stop, and Space ticks the focused row (use-event-grid.ts).
import { useLayoutEffect, useRef, type MouseEvent } from 'react';
import { Icon } from '../../../components/Icon.tsx';

export function SelectionBox({
  id,
  label,
  labelledBy,
  ticked,
  indeterminate = false,
  disabled = false,
  onChange,
  onShiftClick,
}: {
  id?: string;
  /** Its name ("Select"), with `labelledBy` its row's title after it, as react-aria named it. */
  label: string;
  labelledBy?: string;
  ticked: boolean;
  indeterminate?: boolean;
  disabled?: boolean;
  onChange(): void;
  /** A Shift-click on the box: extends from the anchor instead of ticking the one box. */
  onShiftClick?(): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  // `indeterminate` is a property only (no attribute): screen readers then hear "mixed".
  useLayoutEffect(() => {
    if (input.current) input.current.indeterminate = indeterminate;
  }, [indeterminate]);
  const onClick = (event: MouseEvent) => {
    if (!event.shiftKey || !onShiftClick) return;
    event.preventDefault();
    onShiftClick();
  };
  return (
    <label
      className="checkbox"
      data-selected={ticked || undefined}
      data-indeterminate={indeterminate || undefined}
      data-disabled={disabled || undefined}
      onClick={onClick}
    >
      <input
        ref={input}
        id={id}
        type="checkbox"
        className="visually-hidden checkbox-input"
        tabIndex={-1}
        aria-label={label}
        aria-labelledby={labelledBy}
        checked={ticked}
        disabled={disabled}
        onChange={onChange}
      />
      {/* The tick only where it shows (unticked, the box draws it transparent): a page of rows is
          25 drawings fewer to make and lay out (issue 39). */}
      <span className="checkbox-box" aria-hidden="true">
        {ticked && !indeterminate && <Icon name="check" size={14} />}
      </span>
    </label>
  );
}
